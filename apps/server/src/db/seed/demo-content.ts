/** Demo content shipped with the site (placeholder until the content pass fills it). */
export const DEMO_ROOMS: { name_ru: string; name_en: string }[] = [
  { name_ru: 'Общий', name_en: 'General' },
  { name_ru: 'Знакомства', name_en: 'Dating' },
  { name_ru: 'English room', name_en: 'English room' },
];

export const DEMO_FONTS: string[] = ['Arial', 'Georgia', 'Verdana'];

export const DEMO_SMILEY_GROUPS: { name_ru: string; name_en: string; smileys: string[] }[] = [];

export const DEMO_PAGES: { slug: string; locale: string; title: string; body: string }[] = [];
