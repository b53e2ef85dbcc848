import { describe, expect, it } from 'vitest';
import { isAdult, scoresOf, type AdultScores } from './adult-rule';

const scores = (s: Partial<AdultScores>): AdultScores => ({
  Drawing: 0,
  Hentai: 0,
  Neutral: 0,
  Porn: 0,
  Sexy: 0,
  ...s,
});

describe('adult rule', () => {
  it('flags explicit pictures, alone or split between porn and hentai', () => {
    expect(isAdult(scores({ Porn: 0.61, Neutral: 0.39 }))).toBe(true);
    expect(isAdult(scores({ Hentai: 0.7, Drawing: 0.3 }))).toBe(true);
    expect(isAdult(scores({ Porn: 0.3, Hentai: 0.3, Drawing: 0.4 }))).toBe(true);
  });

  it('lets ordinary and merely suggestive pictures through', () => {
    expect(isAdult(scores({ Neutral: 0.95, Porn: 0.05 }))).toBe(false);
    expect(isAdult(scores({ Drawing: 0.8, Hentai: 0.2 }))).toBe(false);
    expect(isAdult(scores({ Sexy: 0.85, Porn: 0.1, Neutral: 0.05 }))).toBe(false);
    expect(isAdult(scores({ Porn: 0.29, Hentai: 0.3, Neutral: 0.41 }))).toBe(false);
  });

  it('flags a picture the model is nearly sure is sexy', () => {
    expect(isAdult(scores({ Sexy: 0.93, Neutral: 0.07 }))).toBe(true);
  });

  it('reads nsfwjs predictions, ignoring unknown classes', () => {
    expect(
      scoresOf([
        { className: 'Porn', probability: 0.5 },
        { className: '__proto__', probability: 1 },
        { className: 'Neutral', probability: 0.5 },
      ]),
    ).toEqual(scores({ Porn: 0.5, Neutral: 0.5 }));
  });
});
