import { useId } from 'react';
import { Coins } from 'lucide-react';
import { Badge } from '@/client/components/ui/badge';
import { Button } from '@/client/components/ui/button';
import { CURRENCY_SYMBOL } from '@/shared/constants';
import { DEMO_MINT_PRICE, DEMO_MINT_QUANTITY_TONNES, DEMO_STANDARD_NAME, DEMO_VINTAGE_YEAR } from '@/client/features/demos/services/demo-constants';
import type { BlockchainDemo } from '@/client/features/demos/hooks/use-blockchain-demo';
import { BusyLabel } from './busy-label';
import { DemoCard } from './demo-card';
import { DetailList } from './detail-list';
import { formatMeasure } from './format-measure';

type MintCreditsCardProps = Pick<BlockchainDemo, 'wallet' | 'project' | 'mrvReport' | 'mintedTokenId' | 'canMint' | 'mint'> & { minting: boolean };

/** Card 4: mints a credit NFT citing the MRV hash; it needs a connected wallet and generated MRV data. */
export function MintCreditsCard({ wallet, project, mrvReport, mintedTokenId, canMint, mint, minting }: MintCreditsCardProps) {
  const hintId = useId();
  const hint = !wallet ? 'Connect the demo wallet first.' : !mrvReport ? 'Generate the MRV report first.' : null;
  return (
    <DemoCard
      icon={Coins}
      title="Mint Carbon Credits NFT"
      description="Issue verified credits as an NFT that records the MRV data hash."
      aside={mintedTokenId !== null && <Badge variant="success">Token #{mintedTokenId}</Badge>}
    >
      <DetailList
        details={[
          { label: 'Project', value: project ? `${project.name} (#${project.id})` : 'Not created yet' },
          { label: 'Quantity', value: `${formatMeasure(DEMO_MINT_QUANTITY_TONNES, 0)} tCO2e` },
          { label: 'Price', value: `${DEMO_MINT_PRICE} ${CURRENCY_SYMBOL}` },
          { label: 'Vintage', value: DEMO_VINTAGE_YEAR },
          { label: 'Standard', value: DEMO_STANDARD_NAME },
        ]}
      />
      {hint && (
        <p id={hintId} className="text-xs text-muted-foreground">
          {hint}
        </p>
      )}
      <Button className="mt-auto self-start" onClick={mint} disabled={!canMint} aria-describedby={hint ? hintId : undefined}>
        <BusyLabel busy={minting} busyText="Minting…" icon={<Coins aria-hidden="true" />}>
          Mint Carbon Credits
        </BusyLabel>
      </Button>
    </DemoCard>
  );
}
