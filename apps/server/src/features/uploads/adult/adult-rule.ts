/** nsfwjs's five classes and their probabilities (they sum to about 1). */
export interface AdultScores {
  Drawing: number;
  Hentai: number;
  Neutral: number;
  Porn: number;
  Sexy: number;
}

/**
 * When the classifier's scores make a picture 18+. Explicit classes (porn, hentai) decide
 * together: a picture split between them is as explicit as one clearly in either. "Sexy"
 * (swimwear, underwear, suggestive poses) flags only when the model is nearly certain, so
 * beach photos usually still reach the public chat; the sender can always mark one 18+.
 */
export const ADULT_THRESHOLDS = { explicit: 0.6, sexy: 0.9 } as const;

export function isAdult(scores: AdultScores): boolean {
  return (
    scores.Porn + scores.Hentai >= ADULT_THRESHOLDS.explicit || scores.Sexy >= ADULT_THRESHOLDS.sexy
  );
}

/** nsfwjs answers a list of { className, probability }; missing classes count 0. */
export function scoresOf(predictions: { className: string; probability: number }[]): AdultScores {
  const scores: AdultScores = { Drawing: 0, Hentai: 0, Neutral: 0, Porn: 0, Sexy: 0 };
  for (const p of predictions) {
    if (Object.hasOwn(scores, p.className))
      scores[p.className as keyof AdultScores] = p.probability;
  }
  return scores;
}
