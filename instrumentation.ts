export async function register() {
  if (process.env.NEXT_RUNTIME === 'nodejs') {
    const { startup } = await import('./lib/startup');
    await startup();
    const { startHousekeeping } = await import('./lib/activity/retention');
    startHousekeeping();
    const { startCron } = await import('./lib/runtime/scheduler');
    startCron();
  }
}
