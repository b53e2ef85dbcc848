import type { ErrorCode, Locale } from '@chat/shared';

/**
 * Server-side texts of the error envelope, in both languages. The client localises by `code`
 * as well; these make the API readable on its own (curl, other clients).
 */
const en = {
  unauthenticated: 'Unauthorized. Please sign in and try again.',
  forbidden: 'Forbidden. Lack of permissions or your profile has been banned.',
  guest: 'This action is only available for registered users.',
  not_found: 'Not found.',
  too_large: 'Too large file.',
  session_expired: 'Session has expired. Please refresh the page and try again.',
  validation: 'The given data was invalid.',
  too_many_requests: 'Too many requests. Try again later.',
  server_error: 'Server error. Try again later.',
  malformed_body: 'The request body could not be read.',
  required: 'This field is required.',
  invalid_type: 'This field has the wrong type.',
  too_long: 'This value is too long.',
  too_short: 'This value is too short.',
  invalid_value: 'This value is not allowed.',
  'nick.too_short': 'The nick must be at least 2 characters.',
  'nick.too_long': 'The nick must be at most 24 characters.',
  'nick.invalid':
    'The nick may contain letters, digits, spaces, "_" and "-", and may not begin or end with a space.',
  'nick.taken': 'This nick is already taken.',
  'password.too_short': 'The password must be at least 6 characters.',
  'password.too_long': 'The password is too long.',
  'password.mismatch': 'The passwords do not match.',
  'phone.invalid': 'Enter the phone in international format, like +7 912 345-67-89.',
  'phone.taken': 'This phone is already registered.',
  'email.invalid': 'Enter a valid e-mail address.',
  'gender.invalid': 'Choose male or female.',
  'birthdate.invalid': 'Enter a valid date of birth.',
  'auth.failed': 'Wrong nick, phone or password.',
  'auth.already': 'You are already signed in.',
  'room.too_many': 'You already own as many rooms as one may.',
  'message.empty': 'Write something first.',
  'message.too_long': 'The message is too long.',
  'message.repeated': 'You have just sent this. Say something new.',
  'ignore.self': 'You cannot ignore yourself.',
  'im.self': 'You cannot write to yourself.',
  'im.recipient_guest': 'Guests cannot receive private messages.',
  'im.ignored': 'This person does not accept your messages.',
  'im.ignoring': 'You ignore this person. Stop ignoring them to write.',
  'im.friends_only': 'This person accepts private messages from friends only.',
  'file.required': 'Choose a file to upload.',
  'file.invalid': 'Only JPEG, PNG, GIF and WebP pictures can be uploaded.',
  'file.too_many_pixels': 'The picture is too large in pixels.',
  'file.one': 'Upload one file at a time.',
  'attachments.invalid': 'An attachment is not yours or is not ready yet.',
  'attachments.adult': 'This picture is for adults and cannot be sent to the public chat.',
} as const;

export type MessageKey = keyof typeof en;

const ru: Record<MessageKey, string> = {
  unauthenticated: 'Не авторизован. Войдите и попробуйте снова.',
  forbidden: 'Доступ запрещён. Недостаточно прав, или ваш профиль заблокирован.',
  guest: 'Это действие доступно только зарегистрированным пользователям.',
  not_found: 'Не найдено.',
  too_large: 'Слишком большой файл.',
  session_expired: 'Сессия истекла. Обновите страницу и попробуйте снова.',
  validation: 'Переданные данные некорректны.',
  too_many_requests: 'Слишком много запросов. Попробуйте позже.',
  server_error: 'Ошибка сервера. Попробуйте позже.',
  malformed_body: 'Не удалось прочитать тело запроса.',
  required: 'Это поле обязательно.',
  invalid_type: 'Неверный тип значения.',
  too_long: 'Слишком длинное значение.',
  too_short: 'Слишком короткое значение.',
  invalid_value: 'Недопустимое значение.',
  'nick.too_short': 'Ник должен быть не короче 2 символов.',
  'nick.too_long': 'Ник должен быть не длиннее 24 символов.',
  'nick.invalid':
    'Ник может содержать буквы, цифры, пробелы, «_» и «-» и не может начинаться или заканчиваться пробелом.',
  'nick.taken': 'Этот ник уже занят.',
  'password.too_short': 'Пароль должен быть не короче 6 символов.',
  'password.too_long': 'Пароль слишком длинный.',
  'password.mismatch': 'Пароли не совпадают.',
  'phone.invalid': 'Введите телефон в международном формате, например +7 912 345-67-89.',
  'phone.taken': 'Этот телефон уже зарегистрирован.',
  'email.invalid': 'Введите корректный адрес электронной почты.',
  'gender.invalid': 'Выберите мужской или женский пол.',
  'birthdate.invalid': 'Введите корректную дату рождения.',
  'auth.failed': 'Неверный ник, телефон или пароль.',
  'auth.already': 'Вы уже вошли.',
  'room.too_many': 'У вас уже максимальное число своих комнат.',
  'message.empty': 'Сначала напишите что-нибудь.',
  'message.too_long': 'Сообщение слишком длинное.',
  'message.repeated': 'Вы только что это отправили. Скажите что-нибудь новое.',
  'ignore.self': 'Нельзя игнорировать самого себя.',
  'im.self': 'Нельзя написать самому себе.',
  'im.recipient_guest': 'Гости не могут получать личные сообщения.',
  'im.ignored': 'Этот человек не принимает ваши сообщения.',
  'im.ignoring': 'Вы игнорируете этого человека. Уберите его из игнора, чтобы написать.',
  'im.friends_only': 'Этот человек принимает личные сообщения только от друзей.',
  'file.required': 'Выберите файл для загрузки.',
  'file.invalid': 'Загружать можно только изображения JPEG, PNG, GIF и WebP.',
  'file.too_many_pixels': 'У изображения слишком большое разрешение.',
  'file.one': 'Загружайте по одному файлу.',
  'attachments.invalid': 'Вложение не ваше или ещё не готово.',
  'attachments.adult': 'Это изображение для взрослых, его нельзя отправить в общий чат.',
};

const catalogue: Record<Locale, Record<MessageKey, string>> = { en, ru };

export function isMessageKey(key: string): key is MessageKey {
  return Object.hasOwn(en, key);
}

export function translate(locale: Locale, key: MessageKey | ErrorCode): string {
  return catalogue[locale][key];
}
