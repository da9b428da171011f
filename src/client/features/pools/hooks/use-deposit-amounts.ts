import { useState } from 'react';
import { parseDollars, parseTonnes } from '@/client/features/pools/lib/slippage';

/** The credits and cash typed into a deposit form, as text for the inputs and parsed for the API (null until valid). */
export function useDepositAmounts() {
  const [creditsText, setCreditsText] = useState('');
  const [cashText, setCashText] = useState('');
  return {
    creditsText,
    setCreditsText,
    cashText,
    setCashText,
    credits: parseTonnes(creditsText),
    cash: parseDollars(cashText),
    reset: () => {
      setCreditsText('');
      setCashText('');
    },
  };
}

export type DepositAmounts = ReturnType<typeof useDepositAmounts>;
