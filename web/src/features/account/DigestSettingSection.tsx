import FormControlLabel from '@mui/material/FormControlLabel';
import Paper from '@mui/material/Paper';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { Banner } from '../../components/Banner';
import { errorMessage } from '../../lib/errors';
import { useDigestSetting } from './useDigestSetting';

/** Settings, Notifications: the daily digest mail (on until turned off). */
export function DigestSettingSection() {
  const digest = useDigestSetting();
  return (
    <Paper component="section" aria-labelledby="notification-settings-title" variant="outlined" sx={{ p: { xs: 2, sm: 3 }, mb: 3 }}>
      <Typography id="notification-settings-title" variant="h2" component="h2" sx={{ mb: 1 }}>
        Notifications
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        Once a day, when something is unread or due within 24 hours, we send you a summary by mail.
      </Typography>
      <Banner severity="error" message={digest.error ? errorMessage(digest.error, 'Failed to save your setting') : null} />
      <FormControlLabel
        control={
          <Switch
            checked={digest.dailyDigest}
            disabled={digest.loading || digest.saving}
            onChange={(e) => void digest.setDailyDigest(e.target.checked).catch(() => undefined)}
          />
        }
        label="Daily digest mail"
      />
    </Paper>
  );
}
