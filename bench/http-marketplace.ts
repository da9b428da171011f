// Issue 2 benchmark: GET /api/projects and POST /api/credits/purchase on the embedded database, against the
// ceiling of a bare Fastify route, all on 127.0.0.1.
import { describeLoad, load, signUpMany, startServer } from './support/harness';

export async function run(): Promise<void> {
  const ceiling = await startServer('bench/support/ceiling-server.ts');
  const bare = await load({ url: `${ceiling.baseUrl}/ping` });
  await ceiling.stop();

  const server = await startServer('bench/support/bench-server.ts');
  try {
    const projectsResult = await load({ url: `${server.baseUrl}/api/projects` });
    const projects = (await (await fetch(`${server.baseUrl}/api/projects`)).json()) as { id: number; pricePerCredit: string }[];
    const cookies = await signUpMany(server.baseUrl, 20, 'purchase');
    let next = 0;
    const purchases = await load({
      url: `${server.baseUrl}/api/credits/purchase`,
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      requests: [{
        setupRequest: (request) => {
          const project = projects[next % projects.length];
          const cookie = cookies[next % cookies.length];
          next++;
          return { ...request, headers: { ...request.headers, cookie }, body: JSON.stringify({ projectId: project.id, quantity: 1, pricePerCredit: project.pricePerCredit }) };
        },
      }],
    });
    console.log(describeLoad('ceiling: bare Fastify GET /ping', bare));
    console.log(describeLoad('GET /api/projects', projectsResult));
    console.log(`  → ${(100 * projectsResult.requestsPerSecond / bare.requestsPerSecond).toFixed(0)}% of the ceiling (target ≥ 50%)`);
    console.log(describeLoad('POST /api/credits/purchase', purchases));
    console.log(`  → target ≥ 500 req/s with p99 < 50 ms`);
  } finally {
    await server.stop();
  }
}
