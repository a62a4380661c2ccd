import { ImageInput, useResourceContext, useTranslateLabel, type ImageInputProps } from 'react-admin';
import { DROP_ZONE_OPTIONS, DropZoneButton } from './inputs.tsx';

/**
 * react-admin's ImageInput whose hidden file input carries the field's name (axe `label`; docs/accessibility.md), and
 * whose drop zone holds a real button in the interface language ("Выбрать изображение" / "Choose an image"): the zone
 * itself leaves the tab order (`noKeyboard`), the button's click reaches it and opens the browser's dialog; dropping a
 * picture on the zone still works. A chunk of its own with react-dropzone and its table of file types (about 14 KB
 * brotli), loaded when a form with an image field opens (`inputs.tsx`).
 */
export function NamedImageInput(props: ImageInputProps) {
  const translateLabel = useTranslateLabel();
  const resource = useResourceContext();
  const name = String(translateLabel({ source: props.source, resource, label: props.label }));
  return <ImageInput {...props} options={DROP_ZONE_OPTIONS} placeholder={<DropZoneButton label="files.choose_image" name={name} source={props.source} />} inputProps={{ 'aria-label': name }} />;
}
