import { Svg } from '../../../lib/icons';

export const CoinIcon = ({ size = 18 }: { size?: number }) => (
  <Svg size={size}>
    <circle cx="8" cy="8" r="6" />
    <path d="M18.1 10.4A6 6 0 1 1 10.3 18" />
    <path d="M7 6h1v4" />
  </Svg>
);

export const GiftIcon = ({ size = 16 }: { size?: number }) => (
  <Svg size={size}>
    <rect x="3" y="8" width="18" height="4" rx="1" />
    <path d="M12 8v13M19 12v9H5v-9" />
    <path d="M7.5 8a2.5 2.5 0 0 1 0-5C11 3 12 8 12 8s1-5 4.5-5a2.5 2.5 0 0 1 0 5" />
  </Svg>
);
