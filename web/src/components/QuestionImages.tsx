import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useBlobUrl } from '../lib/useBlobUrl';

export interface QuestionImageRef {
  id: string;
  name: string;
  url: string;
}

/** One image, fetched with the bearer token and shown from a blob URL. */
function QuestionImage({ image }: { image: QuestionImageRef }) {
  const src = useBlobUrl(image.url);
  if (!src) return <Typography color="text.secondary" variant="body2">{`Loading image ${image.name}...`}</Typography>;
  if ('error' in src) return <Typography color="error" variant="body2">{`Image ${image.name}: ${src.error}`}</Typography>;
  return <Box component="img" src={src.url} alt={image.name} sx={{ display: 'block', maxWidth: '100%', height: 'auto' }} />;
}

/** The images a question shows under its text (imported with a QTI item); nothing when it has none. */
export function QuestionImages({ images }: { images?: readonly QuestionImageRef[] | null }) {
  if (!images?.length) return null;
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1, mb: 2 }}>
      {images.map((image) => (
        <QuestionImage key={image.id} image={image} />
      ))}
    </Box>
  );
}
