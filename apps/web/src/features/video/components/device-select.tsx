import { Form } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import type { DeviceOption } from '../hooks/use-local-preview';

interface DeviceSelectProps {
  id: string;
  label: string;
  devices: DeviceOption[];
  chosen: string | null;
  onChoose: (deviceId: string) => void;
  testId: string;
}

/** A camera or microphone to use; hidden while there is no choice to make. */
export function DeviceSelect({ id, label, devices, chosen, onChoose, testId }: DeviceSelectProps) {
  const { t } = useTranslation('video');
  if (devices.length < 2) return null;
  return (
    <Form.Group controlId={id} className="video-device">
      <Form.Label className="video-device-label">{label}</Form.Label>
      <Form.Select
        size="sm"
        value={chosen ?? devices[0]?.deviceId}
        onChange={(event) => onChoose(event.target.value)}
        data-testid={testId}
      >
        {devices.map((device, index) => (
          <option key={device.deviceId} value={device.deviceId}>
            {/* Before the permission, browsers give no names. */}
            {device.label || t('before.device', { n: index + 1 })}
          </option>
        ))}
      </Form.Select>
    </Form.Group>
  );
}
