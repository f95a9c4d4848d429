import { describe, expect, it } from 'vitest';
import { chartGeometry } from './chart-path';

const box = { width: 100, height: 50, padding: 5 };

describe('chartGeometry', () => {
  it('needs two points', () => {
    expect(chartGeometry([], box)).toBeUndefined();
    expect(chartGeometry([{ time: 1, value: 2 }], box)).toBeUndefined();
  });

  it('puts the lowest value at the bottom and the highest at the top, spread over time', () => {
    const geometry = chartGeometry([{ time: 100, value: 1 }, { time: 150, value: 3 }, { time: 200, value: 2 }], box)!;
    expect(geometry.line).toBe('M0,45 L50,5 L100,25');
    expect(geometry.area).toBe('M0,45 L50,5 L100,25 L100,50 L0,50 Z');
    expect(geometry).toMatchObject({ min: 1, max: 3, last: { x: 100, y: 25 } });
  });

  it('spreads points evenly when their times repeat, and draws a flat price across the middle', () => {
    const geometry = chartGeometry([{ time: 7, value: 4 }, { time: 7, value: 4 }, { time: 7, value: 4 }], box)!;
    expect(geometry.line).toBe('M0,25 L50,25 L100,25');
  });
});
