import { Card, CardContent, CardHeader, CardTitle } from '@/client/components/ui/card';
import type { OrderForm } from '@/client/features/trading/hooks/use-order-form';
import { OrderBookTable } from './order-book-table';

/** The always-visible order book column of the terminal; a click on a level fills the order form. */
export function OrderBookPanel({ projectId, form }: { projectId: number | null; form: OrderForm }) {
  return (
    <Card className="min-w-0">
      <CardHeader className="px-4 pb-2 pt-4">
        <CardTitle as="h2" className="text-base">Order Book</CardTitle>
        <p className="text-xs text-muted-foreground">Click a level to fill the order form</p>
      </CardHeader>
      <CardContent className="px-2 pb-3 sm:px-3">
        <OrderBookTable projectId={projectId} onLevelClick={form.fillFromLevel} />
      </CardContent>
    </Card>
  );
}
