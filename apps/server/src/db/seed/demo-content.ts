/** Demo content seeded on first start: rooms, fonts, smiley groups and static pages. */
export const DEMO_ROOMS: { name_ru: string; name_en: string }[] = [
  { name_ru: 'Общий', name_en: 'General' },
  { name_ru: 'Знакомства', name_en: 'Dating' },
  { name_ru: 'Флудилка', name_en: 'Chit-chat' },
  { name_ru: 'Музыка', name_en: 'Music' },
  { name_ru: 'Кино и сериалы', name_en: 'Movies & TV' },
  { name_ru: 'Игры', name_en: 'Games' },
  { name_ru: 'English room', name_en: 'English room' },
];

export const DEMO_FONTS: string[] = [
  'Arial, sans-serif',
  'Verdana, sans-serif',
  'Tahoma, sans-serif',
  'Trebuchet MS, sans-serif',
  'Georgia, serif',
  'Times New Roman, serif',
  'Palatino Linotype, serif',
  'Courier New, monospace',
  'Comic Sans MS, cursive',
  'Impact, fantasy',
];

/** Tags match the files in apps/server/assets/smileys (<tag>.svg); each tag is used once. */
export const DEMO_SMILEY_GROUPS: { name_ru: string; name_en: string; smileys: string[] }[] = [
  {
    name_ru: 'Эмоции',
    name_en: 'Emotions',
    smileys: [
      'smile',
      'laugh',
      'wink',
      'blush',
      'love',
      'cool',
      'kiss',
      'tongue',
      'surprised',
      'thinking',
      'neutral',
      'confused',
      'sad',
      'cry',
      'angry',
      'sleepy',
    ],
  },
  {
    name_ru: 'Жесты и сердца',
    name_en: 'Gestures & hearts',
    smileys: ['thumbs_up', 'thumbs_down', 'wave', 'heart', 'two_hearts', 'broken_heart'],
  },
  {
    name_ru: 'Разное',
    name_en: 'Misc',
    smileys: [
      'devil',
      'angel',
      'party',
      'star',
      'fire',
      'rose',
      'gift',
      'coffee',
      'beer',
      'cake',
      'music',
    ],
  },
];

// Page bodies are plain text: paragraphs are separated by blank lines, "## " starts a heading
// and "- " starts a list item. Each paragraph stays on one line so the app can reflow it.

const PRIVACY_RU = `Мы бесплатный чат, и нам не нужно о вас ничего лишнего. Здесь честно рассказано, какие данные сайт хранит, зачем они нужны, кто их видит и как от них избавиться.

## Что мы храним

- Ник. Для зарегистрированных пользователей ещё и пароль, но только в виде хеша: прочитать его не можем даже мы.
- Электронную почту и номер телефона, если вы сами их указали. Они нужны для входа и для восстановления доступа, больше ни для чего.
- То, что вы добавили в анкету: пол, дату рождения, рассказ о себе, фотографии, аватар.
- Ваши сообщения в комнатах и личной переписке, темы и ответы на форуме, работы в арт-разделе, цитаты и жалобы.
- Для каждого входа на сайт: IP-адрес, строку браузера (user agent) и время последней активности. Этот список вы видите сами на странице «Безопасность» и можете завершить любой сеанс, который кажется подозрительным.
- Историю модерации (предупреждения, запреты писать, баны) и операции по балансу.

## Зачем это нужно

Без этих данных чат просто не будет работать: собеседники должны видеть ваши сообщения, сайт должен помнить, что вы вошли, а модераторы должны разбираться с жалобами и спамом. IP-адреса и сведения об устройствах помогают защитить аккаунт от взлома и отличить нарушителя, который заходит под новыми никами.

Рекламы на сайте нет, рекламные профили мы не составляем. Ваши данные мы не продаём, не сдаём в аренду и не передаём третьим лицам, кроме случаев, когда этого прямо требует закон.

## Куки и локальное хранилище

Сайт ставит всего две куки, и обе необходимы для работы:

- сессионная кука, благодаря которой вы остаётесь в чате после перезагрузки страницы;
- XSRF-кука, которая не даёт чужим сайтам отправлять формы от вашего имени.

В локальном хранилище браузера (localStorage) лежат отметка о том, приняли ли вы соглашение, и API-токен для подключения к чату. Счётчиков посещаемости, трекеров и рекламных кук у нас нет. Если вы отказываетесь от соглашения, сайт работать не будет: без сессии мы не можем пустить вас в чат.

## Кто что видит

Ник, аватар, открытая часть анкеты и сообщения в общих комнатах видны всем посетителям. Личные сообщения видят только участники переписки; модератор может увидеть конкретное сообщение, если на него пожаловались. Почту, телефон, IP-адреса и данные об устройствах другие пользователи не видят никогда.

## Сколько мы храним данные

Данные хранятся, пока существует ваш аккаунт. Запись о сеансе исчезает, когда вы выходите из чата или завершаете сеанс на странице «Безопасность». Сообщения в общих комнатах со временем вытесняются новыми, но могут оставаться в базе, пока их не удалит автор или модератор.

## Как удалить аккаунт

Удалить аккаунт можно в разделе «Мой профиль». Если что-то не получается, напишите администрации через раздел «Жалобы», и мы удалим его сами. После удаления стираются анкета, фотографии, почта, телефон и все сеансы. Старые сообщения в общих комнатах и на форуме могут остаться, но без ссылки на ваш профиль.

## Возраст

Чат рассчитан на пользователей старше 16 лет. Если вам меньше, пожалуйста, не регистрируйтесь и не оставляйте о себе личных данных.

## Изменения и обратная связь

Когда сайт меняется, может меняться и эта политика; дата последней правки указана на этой странице. О серьёзных изменениях мы сообщим в чате. Вопросы о ваших данных задавайте через раздел «Жалобы»: администратор ответит там же.`;

const PRIVACY_EN = `This is a free chat, and we have no use for anything about you beyond what it takes to run it. This page explains what the site stores, why, who can see it and how to get rid of it.

## What we store

- Your nickname. For registered users also the password, kept only as a hash that nobody, including us, can read back.
- Your e-mail address and phone number, if you choose to give them. They are used to sign in and to recover access, and for nothing else.
- Whatever you put in your profile: gender, date of birth, about me, photos, avatar.
- What you write: messages in rooms and private conversations, forum threads and replies, art posts, quotes and complaints.
- For every session: the IP address, the browser's user agent and the time it was last active. You can see this list on the Security page and end any session you do not recognise.
- Moderation records (warnings, gags and bans) and balance operations.

## Why we need it

Without this data the chat would not work: other people need to see your messages, the site needs to remember that you are signed in, and moderators need to handle complaints and spam. IP addresses and device details help us protect your account from takeover and recognise someone who keeps coming back under new nicknames after a ban.

There are no ads on the site and we do not build advertising profiles. We never sell, rent or hand over your data to anyone, unless the law plainly requires it.

## Cookies and local storage

The site sets only two cookies, and both are needed for it to work:

- a session cookie that keeps you signed in when you reload the page;
- an XSRF cookie that stops other websites from submitting forms in your name.

Your browser's local storage holds whether you accepted the agreement and the API token used to connect to the chat. We use no analytics, no tracking and no advertising cookies. If you decline the agreement, the site will not work for you, because we cannot let you into the chat without a session.

## Who can see what

Your nickname, avatar, the public part of your profile and your messages in public rooms are visible to every visitor. Private messages are seen only by the people in the conversation; a moderator may see a particular message if somebody files a complaint about it. Your e-mail, phone number, IP addresses and device details are never shown to other users.

## How long we keep it

Your data is kept for as long as your account exists. A session record disappears when you sign out or end that session on the Security page. Messages in public rooms scroll away as new ones arrive, but they may stay in the database until their author or a moderator deletes them.

## Deleting your account

You can delete your account from the My profile section. If that does not work for some reason, ask the administration through the Complaints section and we will delete it for you. Deleting an account removes your profile, photos, e-mail, phone number and all sessions. Old messages in public rooms and on the forum may remain, without a link to your profile.

## Age

The chat is meant for people aged 16 and over. If you are younger, please do not register or share any personal details here.

## Changes and contact

As the site changes, this policy may change too; the date of the latest revision is shown on this page, and we will announce important changes in the chat. Questions about your data can be sent through the Complaints section, and an administrator will reply there.`;

const AGREEMENT_RU = `Это правила нашего чата. Заходя на сайт, вы соглашаетесь их соблюдать. Суть у них простая: общайтесь с людьми так, как хотели бы, чтобы общались с вами. Если правила вам не подходят, пожалуйста, не пользуйтесь сайтом.

## Гости и зарегистрированные пользователи

Заглянуть в общие комнаты и поболтать можно сразу, гостем, без всякой регистрации. Гостевой ник временный, а часть возможностей гостям недоступна. После регистрации у вас будет свой постоянный ник, анкета, личные сообщения, друзья, форум и арт-раздел. Один человек — один аккаунт: заводить «запасные» профили, чтобы обойти бан, нельзя.

## Возраст

Чат предназначен для пользователей старше 16 лет. Регистрируясь, вы подтверждаете, что вам уже исполнилось 16.

## Правила общения

- Уважайте собеседников. Оскорбления, угрозы, травля и переход на личности запрещены и в комнатах, и в личке.
- Никакого спама: рекламы, ссылок на сторонние проекты, рассылок одного и того же текста.
- Не флудите: не повторяйте сообщения, не пишите сплошным капсом, не засыпайте комнату смайликами и короткими репликами подряд.
- Без мата, в том числе замаскированного звёздочками и другими символами.
- Ник не должен быть оскорбительным, содержать рекламу или выдавать себя за модератора либо другого пользователя.
- Не публикуйте чужие личные данные: телефоны, адреса, фотографии без согласия человека.
- Не пытайтесь взломать сайт или чужие аккаунты и не мешайте работе чата.

## Запретные темы

Есть темы, которые у нас не обсуждаются вовсе, даже в шутку: расизм, нацизм, наркотики, суицид и порнография. Под запрет попадают не только сообщения, но и картинки, ссылки, ники и анкеты на эти темы. Если кому-то рядом плохо и он пишет о суициде, не спорьте с ним, а посоветуйте обратиться к близким или на телефон доверия и сообщите модератору.

## Модерация

За порядком следят модераторы. За нарушения они могут сделать предупреждение, запретить писать сообщения (пользователь видит чат, но ничего не может сказать) или забанить. Срок наказания — от 5 минут до 1 года, в зависимости от того, что и сколько раз было нарушено. Причина всегда указывается: мат, поведение, флуд, спам, ник или запретная тема. За грубые и повторные нарушения профиль может быть заблокирован полностью.

Не согласны с решением модератора — напишите в раздел «Жалобы». Выяснять отношения в общей комнате бесполезно: это только продлит наказание.

## Жалобы

Если кто-то нарушает правила, отправьте жалобу на сообщение или профиль. Жалобы читают модераторы и администрация. Заведомо ложные жалобы и жалобы ради мести тоже считаются нарушением.

## Ваши сообщения

За то, что вы пишете, отвечаете вы сами. Права на ваши тексты и картинки остаются за вами, но, публикуя их, вы разрешаете показывать их на сайте. Не выкладывайте то, на что у вас нет прав. Модераторы могут удалить любое сообщение, нарушающее правила.

## Баланс и премиум

Чат бесплатный, и всё, что нужно для общения, бесплатно. Баланс и премиум-статус — это дополнительные платные возможности, которыми пользоваться не обязательно. Баланс пополняется через счета и тратится внутри сайта, например на подарки или премиум. Бонусная часть баланса начисляется сайтом и деньгами не выводится. Деньги с баланса обратно не обналичиваются; если с оплатой что-то пошло не так, напишите нам через «Жалобы» — разберёмся. Бан за нарушения не продлевает премиум и не возвращает потраченное.

## Ответственность

Мы стараемся, чтобы чат работал стабильно, но не можем обещать, что он никогда не будет недоступен. Администрация не отвечает за слова пользователей, однако удаляет нарушения, как только о них узнаёт.

## Изменения

Правила могут меняться. О серьёзных изменениях мы сообщим на сайте, а продолжая пользоваться чатом, вы соглашаетесь с новой редакцией.`;

const AGREEMENT_EN = `These are the rules of our chat. By using the site you agree to follow them. They come down to one idea: treat people the way you would like to be treated. If you do not accept the rules, please do not use the site.

## Guests and registered users

You can drop into the public rooms and talk right away as a guest, with no sign-up. A guest nickname is temporary, and some features are only available to registered users. Registering gives you a permanent nickname, a profile, private messages, friends, the forum and the art section. One person, one account: spare profiles made to get around a ban are not allowed.

## Age

The chat is for people aged 16 and over. By registering you confirm that you are at least 16.

## How to behave

- Respect the people you talk to. Insults, threats, harassment and personal attacks are not allowed, in rooms or in private messages.
- No spam: no advertising, no links to other projects, no copy-pasted messages sent around.
- No flooding: do not repeat messages, write in all caps or fill the room with smileys and one-word lines.
- No profanity, including words disguised with asterisks or other symbols.
- Your nickname must not be offensive, advertise anything or pretend to be a moderator or another user.
- Do not post other people's personal details: phone numbers, addresses, or photos without their consent.
- Do not try to break into the site or other accounts, and do not get in the way of the chat working.

## Taboo topics

Some topics are not discussed here at all, not even as a joke: racism, nazism, drugs, suicide and pornography. This covers pictures, links, nicknames and profiles as well as messages. If someone in the chat is having a hard time and talks about suicide, do not argue with them; suggest they reach out to people close to them or a helpline, and let a moderator know.

## Moderation

Moderators keep order in the chat. For breaking the rules they may give a warning, gag a user (you can still read the chat but cannot post) or ban them. Penalties last from 5 minutes to 1 year, depending on what was broken and how often. A reason is always given: profanity, behavior, flood, spam, nickname or a taboo topic. For serious or repeated violations a profile may be banned completely.

If you disagree with a moderator's decision, write to the Complaints section. Arguing about it in a public room will not help and will only make the penalty longer.

## Complaints

If someone breaks the rules, file a complaint about the message or the profile. Complaints are read by moderators and the administration. Knowingly false complaints, or complaints made out of revenge, are a violation too.

## Your content

You are responsible for what you post. You keep the rights to your texts and pictures, but by posting them you allow us to show them on the site. Do not post anything you have no right to share. Moderators may remove any message that breaks the rules.

## Balance and premium

The chat is free, and everything you need to talk to people costs nothing. The balance and premium status are optional paid extras. The balance is topped up through invoices and spent inside the site, for example on gifts or premium. The bonus part of the balance is granted by the site and cannot be withdrawn. Money on the balance cannot be turned back into cash; if something went wrong with a payment, write to us through the Complaints section and we will sort it out. A ban for breaking the rules does not extend premium or refund what was spent.

## Liability

We do our best to keep the chat running smoothly, but we cannot promise it will never be unavailable. The administration is not responsible for what users write, but removes violations as soon as it learns about them.

## Changes

These rules may change. We will announce important changes on the site, and by continuing to use the chat you accept the new version.`;

export const DEMO_PAGES: { slug: string; locale: string; title: string; body: string }[] = [
  { slug: 'privacy', locale: 'ru', title: 'Политика конфиденциальности', body: PRIVACY_RU },
  { slug: 'privacy', locale: 'en', title: 'Privacy policy', body: PRIVACY_EN },
  { slug: 'agreement', locale: 'ru', title: 'Пользовательское соглашение', body: AGREEMENT_RU },
  { slug: 'agreement', locale: 'en', title: 'User agreement', body: AGREEMENT_EN },
];
