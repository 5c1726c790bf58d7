/**
 * Whether an error means the database connection was lost or refused (a backend
 * terminated, the server restarting or not up yet), as opposed to an error of the
 * work itself. Looks through `cause` chains, since wrappers keep the driver's error there.
 */
export function isConnectionLoss(error: unknown): boolean {
  for (let e: unknown = error, depth = 0; e && typeof e === 'object' && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    const { code, message } = e as { code?: unknown; message?: unknown };
    if (typeof code === 'string') {
      // SQLSTATE class 08 (connection exception); 57P01–57P03: terminated by an administrator, crash, still starting.
      if (code.startsWith('08') || code === '57P01' || code === '57P02' || code === '57P03') return true;
      if (code === 'ECONNREFUSED' || code === 'ECONNRESET' || code === 'EPIPE') return true;
    }
    // node-postgres reports a socket closed under it, and a later query on that client, with a message only.
    if (typeof message === 'string' && /^(Connection terminated|Client has encountered a connection error)/.test(message)) return true;
  }
  return false;
}
