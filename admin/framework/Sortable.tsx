import type { CSSProperties, ReactNode } from 'react';
import { DndContext, KeyboardSensor, PointerSensor, closestCenter, useSensor, useSensors, type DragEndEvent } from '@dnd-kit/core';
import { SortableContext, arrayMove, sortableKeyboardCoordinates, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import DragIndicatorIcon from '@mui/icons-material/DragIndicator';
import { IconButton } from '@mui/material';
import { useTranslate } from 'react-admin';

type SortableId = string | number;

/**
 * A vertical list reordered by dragging a handle (mouse, touch) or from the keyboard (Space on the handle, arrows,
 * Space to drop), announced to screen readers. `onReorder` gets the new order of the ids. Lists that mix kinds use
 * string ids (`media-3`, `quiz-3`) so that they never collide. Used by the program builder and the quiz editor.
 */
export function SortableList<T extends SortableId>({ ids, onReorder, children }: { ids: T[]; onReorder: (ids: T[]) => void; children: ReactNode }) {
  const t = useTranslate();
  const sensors = useSensors(
    // a few pixels before a drag starts, so that a click on the handle is still a click
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    onReorder(arrayMove(ids, indexOf(active.id), indexOf(over.id)));
  };
  const indexOf = (id: unknown) => ids.findIndex((x) => String(x) === String(id));
  // what a screen reader hears (and a test can wait for): positions counted from 1
  const at = (id: unknown) => ({ position: indexOf(id) + 1, total: ids.length });
  const announcements = {
    onDragStart: ({ active }: { active: { id: unknown } }) => t('sortable.picked', at(active.id)),
    onDragOver: ({ over }: { over: { id: unknown } | null }) => (over ? t('sortable.moved', at(over.id)) : undefined),
    onDragEnd: ({ over }: { over: { id: unknown } | null }) => (over ? t('sortable.dropped', at(over.id)) : undefined),
    onDragCancel: () => t('sortable.cancelled'),
  };
  return (
    <DndContext sensors={sensors} collisionDetection={closestCenter} onDragEnd={onDragEnd} accessibility={{ announcements, screenReaderInstructions: { draggable: t('sortable.instructions') } }}>
      <SortableContext items={ids} strategy={verticalListSortingStrategy}>
        {children}
      </SortableContext>
    </DndContext>
  );
}

/** One sortable row: `children` gets the drag handle (absent when `disabled`) to place where it belongs. */
export function SortableItem({
  id,
  testId,
  handleTestId,
  disabled,
  children,
}: {
  id: SortableId;
  testId: string;
  handleTestId: string;
  disabled?: boolean;
  children: (handle: ReactNode) => ReactNode;
}) {
  const t = useTranslate();
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({ id, disabled });
  const style: CSSProperties = { transform: CSS.Transform.toString(transform), transition, position: 'relative', zIndex: isDragging ? 2 : undefined, opacity: isDragging ? 0.85 : 1 };
  const handle = disabled ? null : (
    <IconButton
      ref={setActivatorNodeRef}
      size="small"
      {...attributes}
      {...listeners}
      aria-label={t('sortable.drag')}
      title={t('sortable.drag')}
      data-testid={handleTestId}
      sx={{ cursor: 'grab', touchAction: 'none' }}
    >
      <DragIndicatorIcon fontSize="small" />
    </IconButton>
  );
  return (
    <div ref={setNodeRef} style={style} data-testid={testId}>
      {children(handle)}
    </div>
  );
}
