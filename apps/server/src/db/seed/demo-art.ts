import type { DemoPicture } from './art-pictures';

/**
 * The demo art section: groups in both languages, a few posts by the demo people
 * (DEMO_FORUM_PEOPLE, by index) with pictures drawn at seed time (art-pictures.ts), likes and
 * comments.
 */
export interface DemoArtPost {
  group: string;
  author: number;
  title: string;
  text: string;
  pictures: DemoPicture[];
  /** Who liked it (people's indexes). */
  likes: number[];
  comments: [number, string][];
}

export const DEMO_ART_GROUPS = [
  {
    slug: 'drawings',
    name_ru: 'Рисунки',
    name_en: 'Drawings',
    description_ru: 'Карандаш, краски, планшет: всё, что нарисовано от руки.',
    description_en: 'Pencil, paint or a tablet: anything drawn by hand.',
  },
  {
    slug: 'photos',
    name_ru: 'Фотографии',
    name_en: 'Photos',
    description_ru: 'Закаты, города, люди и всё, что попало в кадр.',
    description_en: 'Sunsets, cities, people and whatever got into the frame.',
  },
  {
    slug: 'pixel-art',
    name_ru: 'Пиксель-арт',
    name_en: 'Pixel art',
    description_ru: 'Картинки по пикселю: спрайты, иконки, маленькие миры.',
    description_en: 'Pictures pixel by pixel: sprites, icons, tiny worlds.',
  },
];

export const DEMO_ART_POSTS: DemoArtPost[] = [
  {
    group: 'photos',
    author: 0,
    title: 'Закат на даче',
    text: 'Вчера вечером небо было *таким*. Снимала с крыльца.',
    pictures: [
      { kind: 'sunset', width: 1200, height: 800, seed: 1 },
      { kind: 'sunset', width: 800, height: 1200, seed: 2 },
    ],
    likes: [1, 2, 3],
    comments: [
      [1, 'Какие цвета! Это без фильтров?'],
      [0, 'Совсем без фильтров -smile-'],
    ],
  },
  {
    group: 'drawings',
    author: 2,
    title: 'Composition with circles',
    text: 'Trying **shapes and colour** only. Three evenings of work.',
    pictures: [
      { kind: 'circles', width: 1000, height: 1000, seed: 3 },
      { kind: 'circles', width: 1200, height: 700, seed: 4 },
      { kind: 'waves', width: 900, height: 1100, seed: 5 },
    ],
    likes: [0, 3],
    comments: [[3, 'Love the second one.']],
  },
  {
    group: 'drawings',
    author: 1,
    title: 'Красный, синий, жёлтый',
    text: 'Подражание классике: прямые линии и три цвета.',
    pictures: [{ kind: 'grid', width: 800, height: 1000, seed: 6 }],
    likes: [2],
    comments: [],
  },
  {
    group: 'pixel-art',
    author: 3,
    title: 'Tiny sprites',
    text: 'A heart, a mushroom and an invader, 16×16 each.',
    pictures: [
      { kind: 'pixel', width: 512, height: 512, seed: 0 },
      { kind: 'pixel', width: 512, height: 512, seed: 1 },
      { kind: 'pixel', width: 512, height: 512, seed: 2 },
    ],
    likes: [0, 1, 2],
    comments: [
      [0, 'Грибочек прелесть!'],
      [2, 'Make a whole level next time :)'],
    ],
  },
  {
    group: 'photos',
    author: 1,
    title: 'Волны',
    text: 'Море в ноябре.',
    pictures: [{ kind: 'waves', width: 1400, height: 600, seed: 7 }],
    likes: [],
    comments: [],
  },
];
