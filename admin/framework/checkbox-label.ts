/**
 * Issue 29, "Accessibility": react-admin's row and "select all" checkboxes (Datagrid, DataTable: `.select-item`) pass
 * their translated `aria-label` to MUI's Checkbox, which puts it on the wrapping <span> (where ARIA forbids a name)
 * and leaves the <input> a screen reader lands on without one. The admin theme's default for every MUI Checkbox moves
 * the label to the input: a checkbox given `aria-label` is announced by it, one inside a <label> keeps its label.
 * An instance's own `slotProps.input` still wins (MUI merges a function default with it).
 */
type Owner = { 'aria-label'?: string };

export const checkboxLabelOnInput = {
  root: (owner: Owner) => (owner['aria-label'] ? { 'aria-label': undefined } : {}),
  input: (owner: Owner) => (owner['aria-label'] ? { 'aria-label': owner['aria-label'] } : {}),
};
