import { describe, expect, it } from 'vitest';
import { nickColorProblem, nickStylePerks, nickStyleProblems } from './nick-style';

const dark = '#14478f';
const dark2 = '#ae1919';
const light = '#faf0bd';
const base = { color: dark, has_gradient: false, gradient: [] as string[], weight: 700 };

describe('nickColorProblem', () => {
  it('names not-a-palette-colour apart from too-light', () => {
    expect(nickColorProblem(dark)).toBeNull();
    expect(nickColorProblem('#000000')).toBe('nick.color_invalid');
    expect(nickColorProblem('<b>')).toBe('nick.color_invalid');
    expect(nickColorProblem(light)).toBe('nick.color_light');
  });
});

describe('nickStyleProblems', () => {
  it('accepts a plain style, no colour at all, and a gradient of 2..8 palette colours', () => {
    expect(nickStyleProblems(base)).toEqual({});
    expect(nickStyleProblems({ ...base, color: null, weight: null })).toEqual({});
    expect(nickStyleProblems({ ...base, has_gradient: true, gradient: [dark, dark2] })).toEqual({});
    expect(
      nickStyleProblems({ ...base, has_gradient: true, gradient: Array(8).fill(dark) }),
    ).toEqual({});
  });

  it('refuses gradients too short or too long, with strangers or light colours', () => {
    for (const gradient of [[], [dark], Array(9).fill(dark), Array(500).fill(dark)])
      expect(nickStyleProblems({ ...base, has_gradient: true, gradient }).gradient).toEqual([
        'nick.gradient_size',
      ]);
    expect(
      nickStyleProblems({ ...base, has_gradient: true, gradient: [dark, 'javascript:'] }).gradient,
    ).toEqual(['nick.color_invalid']);
    expect(
      nickStyleProblems({ ...base, has_gradient: true, gradient: [dark, light] }).gradient,
    ).toEqual(['nick.color_light']);
  });

  it('ignores the colours of a gradient that is off ("0 colours")', () => {
    expect(nickStyleProblems({ ...base, gradient: ['nonsense'] })).toEqual({});
  });

  it('takes weights 100..900 in steps of 100 only', () => {
    expect(nickStyleProblems({ ...base, weight: 100 })).toEqual({});
    expect(nickStyleProblems({ ...base, weight: 900 })).toEqual({});
    for (const weight of [0, 50, 450, 1000])
      expect(nickStyleProblems({ ...base, weight }).weight).toEqual(['invalid_value']);
  });
});

describe('nickStylePerks', () => {
  const basic = '#218329';
  const basic2 = '#AE1919';
  it('needs nothing for no colour or a basic colour without a gradient', () => {
    expect(nickStylePerks({ color: null, has_gradient: false, gradient: [] })).toEqual([]);
    expect(nickStylePerks({ color: basic2, has_gradient: false, gradient: [dark] })).toEqual([]);
  });

  it('needs nick.gradient for any gradient and nick.palette_extended for an extended colour', () => {
    expect(nickStylePerks({ color: basic, has_gradient: true, gradient: [basic, basic2] })).toEqual(
      ['nick.gradient'],
    );
    expect(nickStylePerks({ color: dark, has_gradient: false, gradient: [] })).toEqual([
      'nick.palette_extended',
    ]);
    expect(nickStylePerks({ color: null, has_gradient: true, gradient: [basic, dark] })).toEqual([
      'nick.gradient',
      'nick.palette_extended',
    ]);
  });
});
