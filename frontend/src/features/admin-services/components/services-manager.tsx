import { useState } from 'react';
import { Tabs } from '@/components/tabs/tabs.tsx';
import type { AdminService } from '../api/get-admin-services.ts';
import { ApiIntegration } from './api-integration.tsx';
import { ServiceForm } from './service-form.tsx';
import { ServiceList } from './service-list.tsx';
import './services-admin.css';

type ManagerTab = 'form' | 'manage' | 'api';

/** /admin/servicesupload: Create Service (also the edit form), Manage Services and API Integration. */
export function ServicesManager() {
  const [tab, setTab] = useState<ManagerTab>('form');
  const [editing, setEditing] = useState<AdminService | null>(null);
  // A new key mounts a fresh form: the reset after a save or a cancel.
  const [formGeneration, setFormGeneration] = useState(0);

  const showList = () => {
    setEditing(null);
    setFormGeneration((generation) => generation + 1);
    setTab('manage');
  };

  return (
    <Tabs
      label="Services management"
      selectedKey={tab}
      onSelect={(key) => setTab(key as ManagerTab)}
      tabs={[
        {
          key: 'form',
          label: editing === null ? 'Create Service' : 'Edit Service',
          content: (
            <ServiceForm
              key={editing?.serviceId ?? `new-${formGeneration}`}
              editing={editing}
              onSaved={showList}
              onCancel={showList}
            />
          ),
        },
        {
          key: 'manage',
          label: 'Manage Services',
          content: (
            <ServiceList
              onEdit={(service) => {
                setEditing(service);
                setTab('form');
              }}
            />
          ),
        },
        { key: 'api', label: 'API Integration', content: <ApiIntegration /> },
      ]}
    />
  );
}
