import net from 'node:net';
import { SESSION_PATHS } from '@playfront/contract/session';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.ts';
import { loadConfig } from '../../src/config.ts';
import { createTestDatabase, type TestDatabase } from '../test-db.ts';

/**
 * A client that sends its headers and then one body byte a second (slowloris) must not hold the
 * connection: with REQUEST_TIMEOUT_SECONDS=2 the server closes it shortly after the deadline.
 */
let database: TestDatabase;
let app: FastifyInstance;
let port: number;

beforeAll(async () => {
  database = await createTestDatabase();
  const config = loadConfig({
    ...process.env,
    LOG_LEVEL: 'silent',
    REQUEST_TIMEOUT_SECONDS: '2',
    PORT: '0',
  } as NodeJS.ProcessEnv);
  app = await buildApp({ config, db: database.db, dbKind: database.kind });
  await app.listen({ port: 0, host: '127.0.0.1' });
  port = (app.server.address() as net.AddressInfo).port;
});
afterAll(async () => {
  await app.close();
  await database.close();
});

/** Sends the headers, then a byte every second; resolves with the ms until the server closed, and what it said. */
function slowBody(path: string, contentType: string): Promise<{ closedAfterMs: number; answer: string }> {
  return new Promise((resolve, reject) => {
    const started = Date.now();
    const socket = net.connect(port, '127.0.0.1');
    let answer = '';
    let timer: NodeJS.Timeout | undefined;
    const giveUp = setTimeout(() => {
      clearInterval(timer);
      socket.destroy();
      reject(new Error(`the server kept the slow connection open for 10 s; it said: ${answer}`));
    }, 10_000);
    socket.on('connect', () => {
      socket.write(`POST ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: ${contentType}\r\nContent-Length: 100000\r\n\r\n`);
      timer = setInterval(() => socket.write('a'), 1000);
    });
    socket.on('data', (chunk) => {
      answer += chunk.toString('latin1');
    });
    socket.on('error', () => {});
    socket.on('close', () => {
      clearInterval(timer);
      clearTimeout(giveUp);
      resolve({ closedAfterMs: Date.now() - started, answer });
    });
  });
}

describe('request deadline', () => {
  it('closes a JSON body sent a byte a second soon after the 2 s deadline', async () => {
    const { closedAfterMs, answer } = await slowBody(SESSION_PATHS.login, 'application/json');
    expect(closedAfterMs).toBeGreaterThanOrEqual(1900);
    expect(closedAfterMs).toBeLessThan(4000);
    // Node answers 408 before closing (or just closes); never a 2xx.
    expect(answer === '' || answer.startsWith('HTTP/1.1 408')).toBe(true);
  }, 15_000);

  it('closes a multipart upload sent a byte a second too', async () => {
    const { closedAfterMs } = await slowBody('/wps/funds/withdrawals/1/confirmation', 'multipart/form-data; boundary=x');
    expect(closedAfterMs).toBeGreaterThanOrEqual(1900);
    expect(closedAfterMs).toBeLessThan(4000);
  }, 15_000);

  it('defaults: 30 s request, 60 s idle connection, 5 s keep-alive', () => {
    const config = loadConfig({ LOG_LEVEL: 'silent' } as NodeJS.ProcessEnv);
    expect(config.timeouts).toEqual({ requestMs: 30_000, connectionMs: 60_000, keepAliveMs: 5_000 });
    expect(app.server.requestTimeout).toBe(2000);
  });
});
