/**
 * The demo GIF library. The pictures are our own, drawn by `apps/server/scripts/make-gifs.ts`
 * into `apps/server/assets/gifs/<file>` (no third-party media); a test checks that every file
 * here exists with these dimensions. `title` holds the words a GIF is found by, in both
 * languages (the category's names are among them, so searching "love" finds the love ones).
 */
export interface DemoGif {
  file: string;
  title: string;
  width: number;
  height: number;
}

export interface DemoGifCategory {
  slug: string;
  name_ru: string;
  name_en: string;
  gifs: DemoGif[];
}

export const DEMO_GIF_WIDTH = 160;
export const DEMO_GIF_HEIGHT = 120;

const gif = (file: string, title: string): DemoGif => ({
  file,
  title,
  width: DEMO_GIF_WIDTH,
  height: DEMO_GIF_HEIGHT,
});

export const DEMO_GIF_CATEGORIES: DemoGifCategory[] = [
  {
    slug: 'hello',
    name_ru: 'Привет',
    name_en: 'Hello',
    gifs: [
      gif('hello-wave.gif', 'привет здравствуй машет рукой hello hi wave'),
      gif('hello-bounce.gif', 'привет прыгающие буквы hello bouncing letters'),
      gif('hello-sunrise.gif', 'привет доброе утро солнце hello good morning sun'),
      gif('hello-hi.gif', 'привет хай звёзды hello hi stars'),
    ],
  },
  {
    slug: 'love',
    name_ru: 'Любовь',
    name_en: 'Love',
    gifs: [
      gif('love-heartbeat.gif', 'любовь сердце бьётся love heart beat'),
      gif('love-hearts-rise.gif', 'любовь сердечки летят love hearts flying'),
      gif('love-face.gif', 'любовь люблю влюблённый смайлик love you in love face'),
      gif('love-orbit.gif', 'любовь два сердца вместе love two hearts together'),
    ],
  },
  {
    slug: 'laugh',
    name_ru: 'Смех',
    name_en: 'Laugh',
    gifs: [
      gif('laugh-haha.gif', 'смех хаха смеётся laugh haha laughing'),
      gif('laugh-rolling.gif', 'смех катается по полу laugh rolling on the floor rofl'),
      gif('laugh-tears.gif', 'смех до слёз плачет от смеха laugh tears of joy'),
      gif('laugh-lol.gif', 'смех ржу лол laugh lol'),
    ],
  },
  {
    slug: 'yes-no',
    name_ru: 'Да и нет',
    name_en: 'Yes and no',
    gifs: [
      gif('yes-nod.gif', 'да кивает согласен yes nod agree'),
      gif('no-shake.gif', 'нет мотает головой не согласен no shake disagree'),
      gif('yes-check.gif', 'да галочка верно yes check right'),
      gif('no-cross.gif', 'нет крестик неверно no cross wrong'),
      gif('maybe.gif', 'может быть не знаю вопрос maybe not sure question'),
    ],
  },
  {
    slug: 'party',
    name_ru: 'Праздник',
    name_en: 'Party',
    gifs: [
      gif('party-confetti.gif', 'праздник конфетти ура party confetti hooray'),
      gif('party-balloons.gif', 'праздник шарики party balloons'),
      gif('party-cake.gif', 'праздник день рождения торт свечи party happy birthday cake candles'),
      gif('party-fireworks.gif', 'праздник салют фейерверк новый год party fireworks new year'),
    ],
  },
];
