/**
 * The words the forum bench writes with: real Russian and English word forms, made from lemmas
 * by the regular patterns of their class (only lemmas whose forms follow the pattern are
 * listed, and the few irregular plurals are given), so that a search for `кошки` has `кошку`,
 * `кошкой`... to find, and `читал` has `читаю`, `читала`. `ё` is kept where the word has it, so
 * the `ё` = `е` rule is exercised too.
 */

/**
 * A list of lemmas; one marked with a trailing `-` does not follow its class's pattern (a soft
 * stem, a fleeting vowel, a changing consonant) and is left out.
 */
const words = (text) => text.split(/\s+/).filter((w) => w && !w.endsWith('-'));

/** ы is spelled и after these letters (кошки, русские). */
const VELARS = new Set(['г', 'к', 'х']);
const y = (stem) => (VELARS.has(stem.at(-1)) ? 'и' : 'ы');

/** Feminine nouns in -а with a hard stem: кошка, кошки, кошке, кошку, кошкой, кошкам... */
const FEMININE = words(`кошка собака книга машина дорога работа школа комната река вода гора страна
  картина музыка игра погода зима весна минута девушка бабушка подруга сестра мама квартира
  газета программа проблема система лампа ракета тарелка ложка рыба трава берёза звезда
  неделька палатка лодка тропинка куртка шапка сумка коробка ручка тетрадь-
  библиотека аптека больница столица граница сцена клавиатура камера фотография-
  планета луна волна гроза буря тишина весна осень-
  посылка открытка ошибка новость-
  дача деревня-
  свадьба команда победа мечта беседа среда пятница-
  погоня прогулка поездка выставка премьера скидка покупка доставка зарплата
  пицца-
  котлета каша-
  конфета шоколадка булка морковка капуста картошка клубника малина`).filter(
  (w) => w.endsWith('а') && !/[жшщчцяь]а$/.test(w),
);
function feminine(lemma) {
  const s = lemma.slice(0, -1);
  return [lemma, s + y(s), `${s}е`, `${s}у`, `${s}ой`, `${s}ам`, `${s}ами`, `${s}ах`];
}

/** Masculine nouns ending in a hard consonant: стол, стола, столу, столом, столе, столы... */
const MASCULINE = words(`стол кот город завод вопрос ответ парк магазин телефон компьютер сайт форум
  поезд самолёт студент лес мост праздник фильм театр концерт экзамен урок интернет банк
  океан остров берег снег закат рассвет запах звук голос разговор план проект результат
  успех вкус цвет мир дом чат сервер пароль шкаф диван  забор вокзал
  аэропорт автобус трамвай велосипед мотоцикл костюм свитер рюкзак чемодан билет паспорт
  адрес торт салат суп чай сок хлеб сыр обед ужин завтрак рецепт огород
  подъезд этаж- балкон кран компот альбом журнал роман рассказ стих спектакль матч гол
  турнир чемпионат спорт футбол хоккей бассейн зал тренер врач доктор повар водитель
  инженер учитель- художник музыкант артист пианист`).filter((w) => !/[жшщчйь]$/.test(w));
/** Plurals in stressed -а instead of -ы. */
const PLURAL_A = new Set(
  'город поезд остров берег голос цвет лес дом доктор повар хлеб адрес паспорт свитер'.split(' '),
);
function masculine(lemma) {
  const plural = PLURAL_A.has(lemma) ? `${lemma}а` : lemma + y(lemma);
  return [
    lemma,
    `${lemma}а`,
    `${lemma}у`,
    `${lemma}ом`,
    `${lemma}е`,
    plural,
    `${lemma}ов`,
    `${lemma}ам`,
    `${lemma}ами`,
    `${lemma}ах`,
  ];
}

/** Neuter nouns in -о: слово, слова, слову, словом, слове, словам, словами, словах. */
const NEUTER = words(`место слово дело лето утро вино зеркало колесо чувство общество государство
  искусство качество количество производство правительство облако болото золото серебро
  железо мыло масло тесто пиво сено кресло блюдо лекарство детство богатство
  путешествие- здоровье- отечество-`);
function neuter(lemma) {
  const s = lemma.slice(0, -1);
  return [lemma, `${s}а`, `${s}у`, `${s}ом`, `${s}е`, `${s}ам`, `${s}ами`, `${s}ах`];
}

/** First conjugation in -ать/-ять: читать, читаю, читаешь, читает... читал, читала, читали. */
const VERBS_AT = words(`читать играть думать знать делать работать гулять отвечать понимать слушать
  мечтать отдыхать начинать получать помогать решать изучать рассказывать открывать
  закрывать покупать вспоминать объяснять обсуждать собирать бегать летать плавать
  терять стрелять гадать копать кидать сажать таскать мешать отвечать знакомить-
  обедать ужинать завтракать опаздывать убирать вышивать вязать- кормить- ругать
  желать уважать повторять проверять гулять менять`);
function verbAt(lemma) {
  const s = lemma.slice(0, -2);
  return [
    lemma,
    `${s}ю`,
    `${s}ешь`,
    `${s}ет`,
    `${s}ем`,
    `${s}ете`,
    `${s}ют`,
    `${s}л`,
    `${s}ла`,
    `${s}ли`,
    `${s}й`,
  ];
}

/** -овать/-евать: рисовать, рисую, рисуешь, рисует... рисовал, рисовала. */
const VERBS_OVAT = words(`рисовать фотографировать путешествовать советовать чувствовать
  интересовать организовать анализировать публиковать голосовать программировать
  тестировать ремонтировать танцевать пробовать требовать праздновать
  ночевать копировать сортировать парковать арендовать бронировать`);
function verbOvat(lemma) {
  const past = lemma.slice(0, -2);
  const s = lemma.slice(0, -5);
  return [
    lemma,
    `${s}ую`,
    `${s}уешь`,
    `${s}ует`,
    `${s}уем`,
    `${s}уете`,
    `${s}уют`,
    `${past}л`,
    `${past}ла`,
    `${past}ли`,
  ];
}

/** Second conjugation in -ить without a consonant change: говорить, говорю, говоришь... */
const VERBS_IT = words(`говорить звонить хранить строить варить дарить спорить стоить повторить
  курить хвалить бранить дразнить мирить хоронить тревожить- звонить`);
function verbIt(lemma) {
  const s = lemma.slice(0, -3);
  return [
    lemma,
    `${s}ю`,
    `${s}ишь`,
    `${s}ит`,
    `${s}им`,
    `${s}ите`,
    `${s}ят`,
    `${s}ил`,
    `${s}ила`,
    `${s}или`,
  ];
}

/** Adjectives in -ый/-ий with a hard or velar stem: красивый, красивая, красивое, красивых... */
const ADJECTIVES = words(`красивый новый старый быстрый добрый умный белый чёрный серый зелёный
  интересный важный трудный свободный полезный длинный тёплый холодный весёлый сильный
  честный вкусный яркий русский английский маленький мягкий лёгкий тихий строгий далёкий
  модный чистый грязный полный пустой- мокрый сухой- дикий ранний- поздний- редкий
  громкий жаркий сладкий узкий высокий глубокий широкий короткий близкий дорогой-
  дешёвый спокойный опасный смешной- грустный скучный нужный известный`).filter((w) =>
  /[ыи]й$/.test(w),
);
function adjective(lemma) {
  const s = lemma.slice(0, -2);
  const i = y(s);
  return [
    lemma,
    `${s}ая`,
    `${s}ое`,
    `${s}${i}е`,
    `${s}ого`,
    `${s}ому`,
    `${s}${i}м`,
    `${s}ом`,
    `${s}ой`,
    `${s}ую`,
    `${s}${i}х`,
    `${s}${i}ми`,
  ];
}

/** English lemmas with their forms, irregular ones spelled out. */
const ENGLISH = [
  ...`cat dog house book car road river forest question answer friend night window message
    forum picture song game server password garden street teacher student film ticket
  apple flower bird tree lake mountain island bridge train plane letter phone camera
  computer keyboard screen market shop doctor player winner dream problem idea plan
  holiday weekend morning evening winter summer cake bottle door chair table`
    .split(/\s+/)
    .map((w) => [w, `${w}s`]),
  ['city', 'cities'],
  ['story', 'stories'],
  ['child', 'children'],
  ['mouse', 'mice'],
  ['day', 'days'],
  ...`walk talk look work help start open jump play learn paint cook visit answer
    clean kick climb laugh listen wait want`
    .split(/\s+/)
    .map((w) => [w, `${w}s`, `${w}ed`, `${w}ing`]),
  ['run', 'runs', 'ran', 'running'],
  ['write', 'writes', 'wrote', 'writing', 'written'],
  ['read', 'reads', 'reading'],
  ['think', 'thinks', 'thought', 'thinking'],
  ['swim', 'swims', 'swam', 'swimming'],
  ['sing', 'sings', 'sang', 'singing'],
  ['dance', 'dances', 'danced', 'dancing'],
  ['build', 'builds', 'built', 'building'],
  ['speak', 'speaks', 'spoke', 'speaking', 'spoken'],
  ['find', 'finds', 'found', 'finding'],
  ['travel', 'travels', 'traveled', 'traveling'],
  ...`quick quiet bright warm cold old new small great kind`
    .split(/\s+/)
    .map((w) => [w, `${w}er`, `${w}est`]),
  ['happy', 'happier', 'happiest'],
  ['big', 'bigger', 'biggest'],
];

/** Words between the content words; too common to search for, so never in query pairs. */
export const RUSSIAN_GLUE = words(`и в на не что это но с по как уже очень тоже вчера сегодня
  потом здесь там или у за от до все мы вы они я ты он она`);
export const ENGLISH_GLUE = words(`the a of and to in is it that was for on with as at but
  not this we you they very then`);

/** Each lemma once: `{ lemma, forms, lang }`; forms are unique within a lemma. */
export const LEMMAS = [
  ...FEMININE.map((w) => [w, feminine(w)]),
  ...MASCULINE.map((w) => [w, masculine(w)]),
  ...NEUTER.map((w) => [w, neuter(w)]),
  ...VERBS_AT.map((w) => [w, verbAt(w)]),
  ...VERBS_OVAT.map((w) => [w, verbOvat(w)]),
  ...VERBS_IT.map((w) => [w, verbIt(w)]),
  ...ADJECTIVES.map((w) => [w, adjective(w)]),
]
  .map(([lemma, forms]) => ({ lemma, forms: [...new Set(forms)], lang: 'ru' }))
  .concat(ENGLISH.map((forms) => ({ lemma: forms[0], forms: [...new Set(forms)], lang: 'en' })))
  .filter((l, i, all) => all.findIndex((o) => o.lemma === l.lemma) === i);
