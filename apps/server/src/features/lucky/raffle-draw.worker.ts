import { openPostgres } from '../../db/database.ts';
import { runJobOnce } from '../../infra/jobs/job-runner.ts';
import { raffleDrawJob } from './raffle.service.ts';

/**
 * One "instance" of the raffle draw for the two-process test (lucky-two-instances.test.ts): the draw job with a
 * one-second period, in a loop, on the real clock. Not part of the server.
 */
const url = process.env.DATABASE_URL;
if (!url) throw new Error('DATABASE_URL is not set');
const { db } = openPostgres(url, 2);
const job = raffleDrawJob(1000);

for (;;) {
  const outcome = await runJobOnce(db, job, new Date()).catch((err: unknown) => {
    console.error('draw failed', err);
    return null;
  });
  if (outcome?.ran && outcome.affected > 0) console.log(`drew ${outcome.affected} raffle(s)`);
  await new Promise((resolve) => setTimeout(resolve, 100));
}
