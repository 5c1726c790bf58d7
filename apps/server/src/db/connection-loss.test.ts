import { describe, expect, it } from 'vitest';
import { isConnectionLoss } from './connection-loss.ts';

const withCode = (code: string, message = `sqlstate ${code}`) => Object.assign(new Error(message), { code });

describe('isConnectionLoss', () => {
  it('knows a terminated backend, a refused connection and a closed socket, also wrapped as a cause', () => {
    for (const error of [
      withCode('57P01', 'terminating connection due to administrator command'),
      withCode('57P03', 'the database system is starting up'),
      withCode('08006'),
      withCode('ECONNREFUSED'),
      new Error('Connection terminated unexpectedly'),
      new Error('Client has encountered a connection error and is not queryable'),
      new Error('Migration (unknown) failed: terminating connection', { cause: withCode('57P01') }),
    ]) {
      expect(isConnectionLoss(error), String(error)).toBe(true);
    }
  });

  it('leaves the errors of the work itself alone', () => {
    for (const error of [withCode('23505'), withCode('40P01'), withCode('42P01'), new Error('boom'), undefined, 'text']) {
      expect(isConnectionLoss(error), String(error)).toBe(false);
    }
  });
});
