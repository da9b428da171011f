// Child of persistent-engine.test.ts: mints into a persistent chain store without end, appending each journal entry
// to a file once it is mined (the web server's durable write), until the test kills it with SIGKILL.
import { appendFileSync, existsSync, readFileSync } from 'node:fs';
import { startEmbeddedChain } from '@/server/chain/embedded-chain';
import type { ChainJournalEntry } from '@/server/chain/transaction-sender';

const [storeDirectory, journalFile] = process.argv.slice(2);
const replay: ChainJournalEntry[] = existsSync(journalFile)
  ? readFileSync(journalFile, 'utf8').trim().split('\n').filter(Boolean).map((line) => JSON.parse(line) as ChainJournalEntry)
  : [];
const chain = await startEmbeddedChain({
  engine: 'persistent',
  storeDirectory,
  replay,
  journal: { record: (entry) => appendFileSync(journalFile, `${JSON.stringify(entry)}\n`) },
});
await chain.synced();
const credit = {
  projectName: 'Crash Reforestation', projectId: 'crash-1', verificationBody: 'Verra VCS', vintageYear: 2024,
  mrvDataUrl: 'urn:carbonledger:mrv:CRASH', gpsLocation: '0,0', quantityTonnes: 10,
};
for (let i = 0; ; i++) {
  await chain.mintBatch(Array.from({ length: 20 }, (_, j) => ({ ...credit, tokenUri: `urn:carbonledger:holding:${i}-${j}` })));
}
