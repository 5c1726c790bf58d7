import type { TeamTreeNode } from '@playfront/contract/agent-team';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../../lib/session-store.ts';
import { useTeamTree } from '../api/get-team-tree.ts';
import { AgentEmpty, AgentLoadError, AgentLoading, Money } from './parts.tsx';

/**
 * The team as a tree: my direct downlines first; a node's children load when it is opened (one call per node).
 * Each level is a list of disclosure buttons (aria-expanded), so Tab and Enter/Space work without a custom tree widget.
 */
export function TeamTree({ onOpen }: { onOpen: (node: TeamTreeNode) => void }) {
  return <Level parentId={undefined} depth={0} onOpen={onOpen} />;
}

function Level({ parentId, depth, onOpen }: { parentId: number | undefined; depth: number; onOpen: (node: TeamTreeNode) => void }) {
  const { t } = useTranslation('agent');
  const token = useSession((s) => s.token);
  const query = useTeamTree(token, parentId);
  if (query.isPending) return <AgentLoading />;
  if (query.isError) return <AgentLoadError error={query.error} onRetry={() => void query.refetch()} />;
  if (query.data.nodes.length === 0) return depth === 0 ? <AgentEmpty>{t('team.empty')}</AgentEmpty> : null;
  return (
    <ul className={depth === 0 ? 'ag-tree' : 'ag-tree-group'}>
      {query.data.nodes.map((n) => (
        <Node key={n.id} node={n} depth={depth} onOpen={onOpen} />
      ))}
    </ul>
  );
}

function Node({ node, depth, onOpen }: { node: TeamTreeNode; depth: number; onOpen: (node: TeamTreeNode) => void }) {
  const { t } = useTranslation('agent');
  const [open, setOpen] = useState(false);
  const hasChildren = node.directCount > 0;
  return (
    <li>
      <div className="ag-tree-row">
        {hasChildren ? (
          <button
            type="button"
            className="ag-tree-toggle"
            aria-expanded={open}
            aria-label={t(open ? 'team.collapse' : 'team.expand', { name: node.username })}
            onClick={() => setOpen((v) => !v)}
          >
            <span aria-hidden="true">{open ? '−' : '+'}</span>
          </button>
        ) : (
          <span className="ag-tree-leaf" aria-hidden="true" />
        )}
        <button type="button" className="ag-link" onClick={() => onOpen(node)}>
          {node.username}
        </button>
        <span className="ag-badge">{t(`team.kinds.${node.kind}`)}</span>
        <span className="ag-muted ag-small">{t('team.treeCounts', { direct: node.directCount, team: node.teamSize })}</span>
        <span className="ag-tree-balance">
          <Money value={node.balance} />
        </span>
      </div>
      {open && hasChildren && <Level parentId={node.id} depth={depth + 1} onOpen={onOpen} />}
    </li>
  );
}
