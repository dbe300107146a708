import { describe, expect, it } from 'vitest';
import { logBuffer, logger } from '@/lib/core/logger';

describe('logger', () => {
  it('records info and above in the buffer even when stdout is silenced', () => {
    const marker = `marker-${Math.random()}`;
    logger.info({ marker }, 'hello from the test');
    logger.debug({ marker }, 'too detailed to keep');
    const kept = logBuffer.list().filter((e) => e.marker === marker);
    expect(kept).toHaveLength(1);
    expect(kept[0]).toMatchObject({ level: 30, msg: 'hello from the test' });
    expect(kept[0].time).toEqual(expect.any(Number));
  });

  it('streams new entries to subscribers as they are logged', () => {
    const seen: string[] = [];
    const unsubscribe = logBuffer.subscribe((e) => seen.push(String(e.msg)));
    logger.warn('streamed entry');
    unsubscribe();
    logger.warn('after unsubscribing');
    expect(seen).toEqual(['streamed entry']);
  });
});
