import { useState } from 'react';
import type { OrderType } from '@/shared/schemas/trading';
import { DEFAULT_ADVANCED, type AdvancedOrder } from './advanced-order';

export interface OrderForm {
  side: OrderType;
  quantityText: string;
  priceText: string;
  setSide: (side: OrderType) => void;
  setQuantityText: (text: string) => void;
  setPriceText: (text: string) => void;
  /** Time in force, post-only, stop price and self-trade prevention (the Advanced section). */
  advanced: AdvancedOrder;
  updateAdvanced: (change: Partial<AdvancedOrder>) => void;
  /**
   * A click on an order-book level: an ask is something to buy, a bid something to sell, at that level's price.
   * An empty quantity takes the level's size; a quantity the user typed is kept.
   */
  fillFromLevel: (level: { side: OrderType; pricePerCredit: string; remainingQuantity: number }) => void;
}

/** The Place Order form's fields, held by the page so that the order book can fill them. */
export function useOrderForm(): OrderForm {
  const [side, setSide] = useState<OrderType>('buy');
  const [quantityText, setQuantityText] = useState('');
  const [priceText, setPriceText] = useState('');
  const [advanced, setAdvanced] = useState<AdvancedOrder>(DEFAULT_ADVANCED);
  return {
    side, quantityText, priceText, setSide, setQuantityText, setPriceText,
    advanced, updateAdvanced: (change) => setAdvanced((current) => ({ ...current, ...change })),
    fillFromLevel: (level) => {
      setSide(level.side === 'sell' ? 'buy' : 'sell');
      setPriceText(level.pricePerCredit);
      setQuantityText((current) => (current.trim() === '' ? String(level.remainingQuantity) : current));
    },
  };
}
