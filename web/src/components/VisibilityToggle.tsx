import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import VisibilityIcon from '@mui/icons-material/Visibility';
import VisibilityOffIcon from '@mui/icons-material/VisibilityOff';

/**
 * The one show/hide control (issue 14: one meaning per icon). The eye always shows the current state, as the
 * Visible chip does: an open eye is "visible to students", a crossed eye "hidden"; the tooltip and the name say
 * what a click does.
 */
export function VisibilityToggle({ visible, name, onToggle }: { visible: boolean; name: string; onToggle(): void }) {
  return (
    <Tooltip title={visible ? 'Visible to students: click to hide' : 'Hidden from students: click to show'}>
      <IconButton size="small" aria-label={visible ? `Hide ${name}` : `Show ${name}`} onClick={onToggle}>
        {visible ? <VisibilityIcon fontSize="small" /> : <VisibilityOffIcon fontSize="small" />}
      </IconButton>
    </Tooltip>
  );
}
