import { useEffect, useState } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { fetchFile } from '../features/content/download';

export interface QuestionImageRef {
  id: string;
  name: string;
  url: string;
}

/** One image, fetched with the bearer token (an <img src> cannot send it) and shown from a blob URL. */
function QuestionImage({ image }: { image: QuestionImageRef }) {
  const [src, setSrc] = useState<{ url: string } | { error: string } | null>(null);
  useEffect(() => {
    let url: string | undefined;
    let cancelled = false;
    void fetchFile(image.url)
      .then(async (res) => {
        const blob = await res.blob();
        if (cancelled) return;
        url = URL.createObjectURL(blob);
        setSrc({ url });
      })
      .catch((error: unknown) => {
        if (!cancelled) setSrc({ error: error instanceof Error ? error.message : 'The image could not be loaded' });
      });
    return () => {
      cancelled = true;
      if (url) URL.revokeObjectURL(url);
    };
  }, [image.url]);
  if (!src) return <Typography color="text.secondary" variant="body2">{`Loading image ${image.name}...`}</Typography>;
  if ('error' in src) return <Typography color="error" variant="body2">{`Image ${image.name}: ${src.error}`}</Typography>;
  return <Box component="img" src={src.url} alt={image.name} sx={{ display: 'block', maxWidth: '100%', height: 'auto' }} />;
}

/** The images a question shows under its text (imported with a QTI item); nothing when it has none. */
export function QuestionImages({ images }: { images?: readonly QuestionImageRef[] | null }) {
  if (!images?.length) return null;
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1, mb: 2 }}>
      {images.map((image) => <QuestionImage key={image.id} image={image} />)}
    </Box>
  );
}
