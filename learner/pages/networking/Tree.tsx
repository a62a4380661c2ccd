import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { api } from '../../../common/api/client.ts';
import type { Tree as TreeAnswer, TreeNode } from '../../../common/api/types/networking.ts';
import { formatNumber } from '../../../common/format/format.ts';
import { Empty, ErrorState, Loading, useLoad } from '../../components/ui.tsx';

/** The alumni tree (GET /api/networking/{id}/getTree), drawn folded: the member's own group open, others on demand. */
export function Tree({ domain, id }: { domain: string; id: string }) {
  const { t } = useTranslation();
  const { data, error, retry } = useLoad((signal) => api<TreeAnswer>(`/api/networking/${id}/getTree`, { signal, query: { domain } }), [domain, id]);
  if (error) return <ErrorState error={error} retry={retry} />;
  if (!data) return <Loading />;
  const nodes = data.data;
  const root = nodes.find((n) => n.parent_id === null);
  if (!root) return <Empty />;
  const children = (pid: string) => nodes.filter((n) => n.parent_id === pid);
  const focus = data.focus_member_id;
  const leaf = (n: TreeNode) => (
    <li key={n.id}>
      {n.member_id === focus ? <strong>{n.title}</strong> : <Link to={`/networking/${n.domain}/${n.member_id}`}>{n.title}</Link>}
      {(n.position || n.company) && <small> — {[n.position, n.company].filter(Boolean).join(', ')}</small>}
    </li>
  );
  return (
    <div data-testid="networking-tree">
      <p>
        <small>{t('networking.tree_hint')}</small>
      </p>
      {data.truncated && (
        <p>
          <small>{t('networking.tree_truncated')}</small>
        </p>
      )}
      <ul className="tree" role="tree" aria-label={t('networking.tabs.tree')}>
        <li role="treeitem" aria-expanded="true">
          <strong>{root.title}</strong>
          <ul role="group">
            {children(root.id)
              .filter((n) => n.type === 'group')
              .map((g) => {
                const members = children(g.id);
                return (
                  <li key={g.id} role="treeitem">
                    <details open={members.some((m) => m.member_id === focus)}>
                      <summary>
                        {g.title} <small>({t('networking.tree_members', { n: formatNumber(members.length) })})</small>
                      </summary>
                      <ul role="group">{members.map(leaf)}</ul>
                    </details>
                  </li>
                );
              })}
            {children(root.id).some((n) => n.type === 'member') && (
              <li role="treeitem">
                <details open={children(root.id).some((m) => m.member_id === focus)}>
                  <summary>{t('networking.no_group')}</summary>
                  <ul role="group">
                    {children(root.id)
                      .filter((n) => n.type === 'member')
                      .map(leaf)}
                  </ul>
                </details>
              </li>
            )}
          </ul>
        </li>
      </ul>
    </div>
  );
}
