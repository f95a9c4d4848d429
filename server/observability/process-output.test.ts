import { describe, expect, it } from 'vitest';
import { textLine } from './process-output';

describe('textLine', () => {
  it('writes a log line as time, level, message and its fields', () => {
    const json = JSON.stringify({ level: 'info', time: '2026-11-27T17:45:09.542Z', msg: 'shutdown started', reason: 'SIGTERM', inFlight: ['POST /x'] });
    expect(textLine(json)).toBe('2026-11-27T17:45:09.542Z info shutdown started reason=SIGTERM inFlight=["POST /x"]');
  });

  it('leaves anything else as it is', () => {
    expect(textLine('plain words')).toBe('plain words');
    expect(textLine('{"no":"msg"}')).toBe('{"no":"msg"}');
  });
});
