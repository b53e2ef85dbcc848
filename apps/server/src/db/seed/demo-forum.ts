/** The demo forum: categories in both languages, each with a few threads by demo people. */

export interface DemoThread {
  subject: string;
  /** Each post: the index of its author in DEMO_FORUM_PEOPLE, and its Markdown. */
  posts: [number, string][];
}

export interface DemoCategory {
  slug: string;
  name_ru: string;
  name_en: string;
  description_ru: string;
  description_en: string;
  start_permission: string;
  threads: DemoThread[];
}

export const DEMO_FORUM_PEOPLE: { nick: string; gender: string }[] = [
  { nick: 'Марина', gender: 'female' },
  { nick: 'Алексей', gender: 'male' },
  { nick: 'Olga_S', gender: 'female' },
  { nick: 'JohnK', gender: 'male' },
];

export const DEMO_FORUM: DemoCategory[] = [
  {
    slug: 'obshchenie',
    name_ru: 'Общение',
    name_en: 'General talk',
    description_ru: 'Обо всём на свете: погода, новости, настроение.',
    description_en: 'Anything at all: the weather, the news, how you feel.',
    start_permission: 'forum.post',
    threads: [
      {
        subject: 'Как прошли ваши выходные?',
        posts: [
          [
            0,
            'Всем привет! Расскажите, как провели выходные -smile-\n\nЯ ездила на дачу, собирала яблоки.',
          ],
          [1, 'Ходил в кино с друзьями, потом гуляли по набережной. Погода была *отличная*.'],
          [2, 'А я весь день читала книгу про кошек -love- Кошки — лучшие соседи!'],
        ],
      },
      {
        subject: 'Кошки или собаки?',
        posts: [
          [2, 'Вечный спор: кто вам ближе, кошки или собаки? У меня две кошки и ни одной собаки.'],
          [3, 'Dogs, definitely. My dog walks me every morning -laugh-'],
          [1, '> У меня две кошки\n\nА у меня кошка живёт с собакой, и они дружат.'],
        ],
      },
      {
        subject: 'Favourite songs of the summer',
        posts: [
          [3, 'What were you listening to this summer? Share your favourite songs.'],
          [0, 'Всё лето слушала старые песни Земфиры -cool-'],
        ],
      },
    ],
  },
  {
    slug: 'znakomstva',
    name_ru: 'Знакомства',
    name_en: 'Meeting people',
    description_ru: 'Расскажите о себе и найдите собеседников.',
    description_en: 'Tell us about yourself and find people to talk to.',
    start_permission: 'forum.post',
    threads: [
      {
        subject: 'Давайте знакомиться!',
        posts: [
          [1, 'Меня зовут Алексей, живу в Москве, люблю походы и настольные игры -wink-'],
          [0, 'Привет, Алексей! Я Марина, тоже люблю походы. В какие места ходил?'],
          [1, 'Был на Алтае и в Карелии. Карелия — это **сказка**.'],
        ],
      },
      {
        subject: 'Hello from Berlin',
        posts: [
          [
            3,
            'Hi everyone, I am John from Berlin. I am learning Russian and looking for people to practise with.',
          ],
          [2, 'Привет, John! Пиши по-русски, будем помогать -smile-'],
        ],
      },
    ],
  },
  {
    slug: 'muzyka-i-kino',
    name_ru: 'Музыка и кино',
    name_en: 'Music and films',
    description_ru: 'Фильмы, сериалы, концерты и любимые исполнители.',
    description_en: 'Films, series, concerts and the artists you love.',
    start_permission: 'forum.post',
    threads: [
      {
        subject: 'Что посмотреть вечером?',
        posts: [
          [0, 'Посоветуйте хороший фильм на вечер. Люблю комедии и фильмы про путешествия.'],
          [1, 'Посмотри «Москва слезам не верит» — классика, пересматриваю каждый год.'],
          [3, 'I would suggest *The Grand Budapest Hotel*, funny and beautiful.'],
        ],
      },
      {
        subject: 'Лучшие концерты года',
        posts: [
          [2, 'На каких концертах вы были в этом году? Я была на трёх, и все понравились -love-'],
          [1, 'Был на джазовом фестивале, музыканты играли до утра.'],
        ],
      },
    ],
  },
  {
    slug: 'pomoshch',
    name_ru: 'Помощь по сайту',
    name_en: 'Site help',
    description_ru: 'Вопросы о том, как пользоваться чатом и форумом.',
    description_en: 'Questions about using the chat and the forum.',
    start_permission: 'forum.post',
    threads: [
      {
        subject: 'Как поменять цвет ника?',
        posts: [
          [3, 'How do I change the colour of my nick? I cannot find the setting.'],
          [0, 'Открой «Мой профиль», вкладка «Стиль ника» -thinking-'],
        ],
      },
      {
        subject: 'Как вставить смайлик в сообщение',
        posts: [
          [2, 'Подскажите, как вставлять смайлики в сообщения на форуме?'],
          [1, 'Пиши название смайлика между дефисами, например `-smile-` даёт -smile-'],
        ],
      },
    ],
  },
  {
    slug: 'novosti',
    name_ru: 'Новости',
    name_en: 'News',
    description_ru: 'Новости сайта от команды.',
    description_en: 'News of the site from the team.',
    start_permission: 'forum.moderate',
    threads: [
      {
        subject: 'Открылся форум!',
        posts: [
          [
            0,
            'Друзья, у нас появился форум. Пишите, спорьте, делитесь новостями -smile-\n\n- темы по разделам\n- ответы с цитатами\n- смайлики, как в чате',
          ],
        ],
      },
    ],
  },
];
