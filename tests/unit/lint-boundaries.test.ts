import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

// The floors of docs/architecture.md are enforced by eslint.config.js; these cases hold the rules to what they say.
const root = path.resolve(import.meta.dirname, '../..');
const eslint = new ESLint({ cwd: root });

async function boundaryErrors(file: string, source: string): Promise<string[]> {
  const [result] = await eslint.lintText(source, { filePath: path.join(root, file) });
  return result.messages.filter((message) => message.ruleId === 'no-restricted-imports').map((message) => message.message);
}

describe('import boundaries', () => {
  it.each([
    ['src/domain/amm/x.ts', "import { sql } from '@/server/db/sql-values';"],
    ['src/domain/x.ts', "import { routes } from '@/shared/routes';"],
    ['src/shared/schemas/x.ts', "import { formatCents } from '@/domain/money';"],
    ['src/client/pages/x.tsx', "import { config } from '@/server/config';"],
    ['src/client/components/ui/x.tsx', "import { useWallet } from '@/client/features/wallet/hooks/use-wallet';"],
    ['src/client/components/x.tsx', "import { Navbar } from '@/client/shell/navbar';"],
    ['src/client/features/trading/x.tsx', "import { TradingPage } from '@/client/pages/trading';"],
    ['src/server/db/x.ts', "import { PurchaseDesk } from '@/server/services/purchases/purchase-desk';"],
    ['src/server/db/x.ts', "import { buildApp } from '@/server/app';"],
    ['src/server/chain/x.ts', "import type { MarketEvents } from '@/server/services/market-events';"],
    ['src/server/chain/x.ts', "import { createChainAnchoring } from '@/server/anchoring/chain-anchoring';"],
    ['src/server/auth/x.ts', "import { registerBearerAuth } from '@/server/plugins/bearer-auth';"],
    ['src/server/services/x.ts', "import routes from '@/server/routes/trading';"],
  ])('%s may not %s', async (file, source) => {
    expect(await boundaryErrors(file, source)).toHaveLength(1);
  });

  it.each([
    ['src/domain/amm/x.ts', "import { formatCents } from '@/domain/money';"],
    ['src/client/pages/x.tsx', "import { formatCents } from '@/domain/money';"],
    ['src/client/shell/x.tsx', "import { useWallet } from '@/client/features/wallet/hooks/use-wallet';"],
    ['src/server/anchoring/x.ts', "import type { MarketEvents } from '@/server/services/market-events';"],
    ['src/server/routes/x.ts', "import { PurchaseDesk } from '@/server/services/purchases/purchase-desk';"],
    ['src/server/db/x.ts', "import { config } from '@/server/config';"],
  ])('%s may %s', async (file, source) => {
    expect(await boundaryErrors(file, source)).toEqual([]);
  });
});

describe('one import style', () => {
  it('refuses a relative import that names the .js of a TypeScript module, and takes it without', async () => {
    const lint = async (source: string) => {
      const [result] = await eslint.lintText(source, { filePath: path.join(root, 'src/server/chain/x.ts') });
      return result.messages.filter((message) => message.ruleId === 'no-restricted-syntax');
    };
    expect(await lint("import { withTimeout } from './with-timeout.js';\nexport const y = withTimeout;\n")).toHaveLength(1);
    expect(await lint("import { withTimeout } from './with-timeout';\nexport const y = withTimeout;\n")).toEqual([]);
  });

  it('refuses an import that climbs out of its folder, and takes the alias instead', async () => {
    const lint = async (source: string) => {
      const [result] = await eslint.lintText(source, { filePath: path.join(root, 'src/server/chain/x.ts') });
      return result.messages.filter((message) => message.ruleId === 'no-restricted-syntax');
    };
    expect(await lint("import { config } from '../config';\nexport const y = config;\n")).toHaveLength(1);
    expect(await lint("export { config } from '../config';\n")).toHaveLength(1);
    expect(await lint("export * from '../config';\n")).toHaveLength(1);
    expect(await lint("export const load = () => import('../config');\n")).toHaveLength(1);
    expect(await lint("import { config } from '@/server/config';\nexport const y = config;\n")).toEqual([]);
    expect(await lint("import { withTimeout } from './with-timeout';\nexport const y = withTimeout;\n")).toEqual([]);
  });
});
