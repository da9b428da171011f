// The ceiling: a bare Fastify route returning a small JSON object, nothing else (and optionally a fixed payload).
import { readFileSync } from 'node:fs';
import Fastify from 'fastify';

const app = Fastify({ logger: false });
app.get('/ping', async () => ({ ok: true, service: 'ceiling' }));
// With CEILING_PAYLOAD_FILE: those bytes as JSON, to show what a body of that size costs Fastify alone.
const payloadFile = process.env.CEILING_PAYLOAD_FILE;
if (payloadFile) {
  const payload = readFileSync(payloadFile);
  app.get('/payload', (_request, reply) => reply.type('application/json; charset=utf-8').send(payload));
}
await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
console.log(`READY ${typeof address === 'object' && address ? address.port : 0}`);
