import { Button, Dropdown } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { Svg, type IconProps } from '../../../lib/icons';
import { useSessionStore } from '../../session/store';
import { can } from '../../session/permissions';
import { openComplaintDialog, type ComplaintSubject } from '../dialog-store';

export const FlagIcon = (p: IconProps) => (
  <Svg {...p}>
    <path d="M4 22V4M4 15s1-1 4-1 5 2 8 2 4-1 4-1V3s-1 1-4 1-5-2-8-2-4 1-4 1" />
  </Svg>
);

interface ReportProps {
  subject: ComplaintSubject;
  /** Whose content it is: nobody reports their own. */
  ownerId: number;
  /** The menu's own "back to what I was doing" (a drawer on the phone closes). */
  onDone?: () => void;
}

/** Whether the viewer may report this (signed in, allowed to, and not their own). */
function useMayReport(ownerId: number): boolean {
  return useSessionStore(
    (s) => s.userData !== null && s.userData.user.id !== ownerId && can(s, 'complaint.create'),
  );
}

const LABELS: Record<ComplaintSubject['type'], string> = {
  message: 'report.message',
  im_message: 'report.message',
  user: 'report.user',
  photo: 'report.photo',
  gift: 'report.gift',
  forum_post: 'report.forum_post',
  art_post: 'report.art_post',
  art_comment: 'report.art_comment',
};

/** "Report" in a menu about someone else's message or person; opens the complaint dialog. */
export function ReportMenuItem({ subject, ownerId, onDone }: ReportProps) {
  const { t } = useTranslation('complaints');
  if (!useMayReport(ownerId)) return null;
  return (
    <Dropdown.Item
      as="button"
      onClick={() => {
        openComplaintDialog(subject);
        onDone?.();
      }}
      data-testid={`report-${subject.type}-${subject.id}`}
    >
      <FlagIcon size={15} className="me-2" />
      {t(LABELS[subject.type])}
    </Dropdown.Item>
  );
}

interface ReportButtonProps extends ReportProps {
  className?: string;
  /** Only the flag (over a photo); the label is then its accessible name. */
  iconOnly?: boolean;
}

/** The same as a small button, for pages (a profile, a photo). */
export function ReportButton({ subject, ownerId, className, iconOnly }: ReportButtonProps) {
  const { t } = useTranslation('complaints');
  if (!useMayReport(ownerId)) return null;
  const label = t(LABELS[subject.type]);
  return (
    <Button
      variant={iconOnly ? 'light' : 'outline-secondary'}
      size="sm"
      className={className}
      onClick={() => openComplaintDialog(subject)}
      aria-label={iconOnly ? label : undefined}
      title={iconOnly ? label : undefined}
      data-testid={`report-${subject.type}-${subject.id}`}
    >
      <FlagIcon size={14} className={iconOnly ? undefined : 'me-1'} />
      {!iconOnly && label}
    </Button>
  );
}
