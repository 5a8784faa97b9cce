import { describe, expect, it } from 'vitest';
import { labelIndexes, niceCeiling, ticks } from './chart-scale';

describe('sales chart scale', () => {
  it('rounds the top of the axis up to 1, 2, 2.5 or 5 × 10ⁿ cents, at least $1', () => {
    expect(niceCeiling(0)).toBe(100);
    expect(niceCeiling(99)).toBe(100);
    expect(niceCeiling(101)).toBe(200);
    expect(niceCeiling(16216)).toBe(20000);
    expect(niceCeiling(20001)).toBe(25000);
    expect(niceCeiling(25001)).toBe(50000);
    expect(niceCeiling(50001)).toBe(100000);
    expect(niceCeiling(100000)).toBe(100000);
  });

  it('spreads the gridlines evenly from 0 to the top', () => {
    expect(ticks(20000)).toEqual([0, 5000, 10000, 15000, 20000]);
  });

  it('labels at most six days, the first and the last among them', () => {
    expect(labelIndexes(0)).toEqual([]);
    expect(labelIndexes(3)).toEqual([0, 1, 2]);
    expect(labelIndexes(30)).toEqual([0, 6, 12, 17, 23, 29]);
    expect(labelIndexes(366)).toHaveLength(6);
    expect(labelIndexes(366).at(-1)).toBe(365);
  });
});
