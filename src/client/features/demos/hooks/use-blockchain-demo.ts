import { useState } from 'react';
import { toast } from '@/client/components/ui/use-toast';
import { CURRENCY_SYMBOL, NETWORK_NAME } from '@/shared/constants';
import {
  DEFAULT_DEMO_PROJECT_DESCRIPTION,
  DEFAULT_DEMO_PROJECT_NAME,
  DEMO_MINT_PRICE,
  DEMO_MINT_QUANTITY_TONNES,
  DEMO_STANDARD_NAME,
  DEMO_VINTAGE_YEAR,
  SATELLITE_PRESETS,
} from '@/client/features/demos/services/demo-constants';
import type { MrvReport, MrvReportStep } from '@/client/features/demos/services/satellite-service';
import type { DemoWallet } from '@/client/features/demos/services/simulated-chain-types';
import { validateMrvData } from '@/client/features/demos/services/validation-service';
import { shortenAddress, shortenHash } from '@/client/lib/shorten-hex';
import { usePendingActions } from './use-pending-actions';
import { useDemoServices } from './use-demo-services';

/** The MRV steps the Blockchain Demo shows: the report's three, then validation. */
export type MrvProgressStep = MrvReportStep | 'validation';
export type BlockchainDemoAction = 'connect' | 'create' | 'mrv' | 'mint';

/** The Blockchain Demo measures the first preset, so its MRV data can be compared with the Satellite Demo's. */
export const BLOCKCHAIN_DEMO_LOCATION = SATELLITE_PRESETS[0];

export interface DemoTransaction {
  readonly action: string;
  readonly hash: string;
}

/**
 * State and actions of the Blockchain Demo (SPEC.md §2, §4): connect the demo wallet, create a project,
 * generate and validate MRV data, then mint. Each action toasts its SPEC.md §8 success or error title.
 */
export function useBlockchainDemo() {
  const { chain, satellite, runtime } = useDemoServices();
  const { isPending, run } = usePendingActions<BlockchainDemoAction>();
  const [wallet, setWallet] = useState<DemoWallet | null>(null);
  const [projectName, setProjectName] = useState(DEFAULT_DEMO_PROJECT_NAME);
  const [projectDescription, setProjectDescription] = useState(DEFAULT_DEMO_PROJECT_DESCRIPTION);
  const [project, setProject] = useState<{ id: number; name: string } | null>(null);
  const [mrvReport, setMrvReport] = useState<MrvReport | null>(null);
  const [mrvStep, setMrvStep] = useState<MrvProgressStep | null>(null);
  const [mintedTokenId, setMintedTokenId] = useState<number | null>(null);
  const [latestTransaction, setLatestTransaction] = useState<DemoTransaction | null>(null);

  const connect = () =>
    run('connect', async () => {
      try {
        const connected = await chain.connectWallet('metamask');
        setWallet(connected);
        toast({ variant: 'success', title: 'Wallet Connected', description: `Demo wallet ${shortenAddress(connected.address)} on ${NETWORK_NAME}.` });
      } catch {
        toast({ variant: 'destructive', title: 'Connection Failed', description: 'Demo blockchain connection failed' });
      }
    });

  const disconnect = () => {
    chain.disconnectWallet();
    setWallet(null);
    toast({ title: 'Wallet Disconnected', description: 'Your wallet has been disconnected.' });
  };

  const createProject = () =>
    run('create', async () => {
      try {
        const name = projectName.trim();
        const receipt = await chain.createProject(name, projectDescription.trim());
        setProject({ id: receipt.projectId, name });
        setLatestTransaction({ action: `Create project #${receipt.projectId}`, hash: receipt.transactionHash });
        toast({ variant: 'success', title: 'Project Created', description: `${name} is registered on-chain as project #${receipt.projectId}.` });
      } catch {
        toast({ variant: 'destructive', title: 'Error', description: 'Failed to create project' });
      }
    });

  const generateMrv = () =>
    run('mrv', async () => {
      try {
        const report = await satellite.generateMrvReport(BLOCKCHAIN_DEMO_LOCATION, setMrvStep);
        setMrvStep('validation');
        if (!(await validateMrvData(runtime, report.ipfsHash))) throw new Error('The MRV data hash is not valid');
        setMrvReport(report);
        toast({ variant: 'success', title: 'MRV Data Generated', description: `Satellite data stored as ${shortenHash(report.ipfsHash)}.` });
      } catch {
        toast({ variant: 'destructive', title: 'Error', description: 'Failed to generate MRV data' });
      } finally {
        setMrvStep(null);
      }
    });

  const mint = () =>
    run('mint', async () => {
      if (!mrvReport) return;
      try {
        const { latitude, longitude } = mrvReport.satelliteData.coordinates;
        const receipt = await chain.mintCredit({
          projectName: project?.name ?? (projectName.trim() || DEFAULT_DEMO_PROJECT_NAME),
          projectId: project ? String(project.id) : '',
          verificationBody: DEMO_STANDARD_NAME,
          vintageYear: DEMO_VINTAGE_YEAR,
          mrvDataUrl: `ipfs://${mrvReport.ipfsHash}`,
          gpsLocation: `${latitude}, ${longitude}`,
          quantity: DEMO_MINT_QUANTITY_TONNES,
          price: DEMO_MINT_PRICE,
          satelliteDataHash: mrvReport.ipfsHash,
        });
        setMintedTokenId(receipt.tokenId);
        setLatestTransaction({ action: `Mint credit NFT #${receipt.tokenId}`, hash: receipt.transactionHash });
        toast({
          variant: 'success',
          title: 'Credits Minted',
          description: `Token #${receipt.tokenId}: ${DEMO_MINT_QUANTITY_TONNES} tCO2e at ${DEMO_MINT_PRICE} ${CURRENCY_SYMBOL}.`,
        });
      } catch {
        toast({ variant: 'destructive', title: 'Error', description: 'Failed to mint credits' });
      }
    });

  return {
    wallet,
    projectName,
    setProjectName,
    projectDescription,
    setProjectDescription,
    project,
    mrvReport,
    mrvStep,
    mintedTokenId,
    latestTransaction,
    isPending,
    canCreateProject: wallet !== null && projectName.trim() !== '' && !isPending('create'),
    canMint: wallet !== null && mrvReport !== null && !isPending('mint'),
    connect,
    disconnect,
    createProject,
    generateMrv,
    mint,
  };
}

export type BlockchainDemo = ReturnType<typeof useBlockchainDemo>;
