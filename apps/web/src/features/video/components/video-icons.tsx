import type { ReactNode } from 'react';
import { Svg, type IconProps } from '../../../lib/icons';

// The call's line icons, drawn like the site's others (shared/ui/icons.tsx).

const icon = (children: ReactNode) =>
  function Icon(p: IconProps) {
    return <Svg {...p}>{children}</Svg>;
  };

export const CameraIcon = icon(
  <>
    <path d="m16 10 6-3.5v11L16 14" />
    <rect x="2" y="6" width="14" height="12" rx="2" />
  </>,
);
export const CameraOffIcon = icon(
  <>
    <path d="m16 10 6-3.5v11L16 14M2 2l20 20" />
    <path d="M10.5 6H14a2 2 0 0 1 2 2v3.5M16 16a2 2 0 0 1-2 2H4a2 2 0 0 1-2-2V8a2 2 0 0 1 2-2" />
  </>,
);
export const MicIcon = icon(
  <>
    <rect x="9" y="2" width="6" height="12" rx="3" />
    <path d="M5 10a7 7 0 0 0 14 0M12 17v5" />
  </>,
);
export const MicOffIcon = icon(
  <>
    <path d="M2 2l20 20M15 9.3V5a3 3 0 0 0-5.7-1.3M9 9v2a3 3 0 0 0 5.1 2.1" />
    <path d="M19 10a7 7 0 0 1-1.2 3.9M5 10a7 7 0 0 0 11.2 5.6M12 17v5" />
  </>,
);
export const ScreenIcon = icon(
  <>
    <rect x="2" y="3" width="20" height="14" rx="2" />
    <path d="M8 21h8M12 17v4" />
  </>,
);
export const MaximizeIcon = icon(
  <path d="M8 3H5a2 2 0 0 0-2 2v3M21 8V5a2 2 0 0 0-2-2h-3M3 16v3a2 2 0 0 0 2 2h3M16 21h3a2 2 0 0 0 2-2v-3" />,
);
export const PhoneOffIcon = icon(
  <path d="M3.6 14.4a13 13 0 0 1 16.8 0l-1.6 2.8-3.2-1.3.1-2.4a10 10 0 0 0-7.4 0l.1 2.4-3.2 1.3z" />,
);
