export async function register() {
  if (process.env.NEXT_RUNTIME === 'nodejs') {
    const { startup } = await import('./lib/startup');
    await startup();
    // A serverless function lives for one request: its timers would fire, if ever, in a
    // frozen instance. Vercel Cron calls /api/server/cron instead (see vercel.json).
    const { serverless } = await import('./lib/core/config');
    if (serverless()) return;
    const { startHousekeeping } = await import('./lib/activity/retention');
    startHousekeeping();
    const { startCron } = await import('./lib/runtime/scheduler');
    startCron();
  }
}
