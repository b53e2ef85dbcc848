import { Form } from 'react-bootstrap';

interface SettingSwitchProps {
  name: string;
  label: string;
  checked: boolean;
  disabled?: boolean;
  onChange: (value: boolean) => void;
}

export function SettingSwitch({ name, label, checked, disabled, onChange }: SettingSwitchProps) {
  return (
    <Form.Check
      type="switch"
      id={`setting-${name}`}
      className="chat-setting"
      label={label}
      checked={checked}
      disabled={disabled}
      onChange={(event) => onChange(event.target.checked)}
      data-testid={`setting-${name}`}
    />
  );
}
