import { SvgIcon, type SvgIconProps } from '@mui/material';

/** The few icons the app needs, inline so no icon package is bundled. */
const make = (d: string, name: string) => {
  const Icon = (props: SvgIconProps) => (
    <SvgIcon {...props}>
      <path d={d} />
    </SvgIcon>
  );
  Icon.displayName = name;
  return Icon;
};

export const MenuIcon = make('M3 18h18v-2H3v2zm0-5h18v-2H3v2zm0-7v2h18V6H3z', 'MenuIcon');
export const AccountIcon = make(
  'M12 12c2.21 0 4-1.79 4-4s-1.79-4-4-4-4 1.79-4 4 1.79 4 4 4zm0 2c-2.67 0-8 1.34-8 4v2h16v-2c0-2.66-5.33-4-8-4z',
  'AccountIcon',
);
export const AddIcon = make('M19 13h-6v6h-2v-6H5v-2h6V5h2v6h6v2z', 'AddIcon');
export const DownloadIcon = make('M19 9h-4V3H9v6H5l7 7 7-7zM5 18v2h14v-2H5z', 'DownloadIcon');
export const SearchIcon = make(
  'M15.5 14h-.79l-.28-.27A6.47 6.47 0 0 0 16 9.5 6.5 6.5 0 1 0 9.5 16c1.61 0 3.09-.59 4.23-1.57l.27.28v.79l5 4.99L20.49 19l-4.99-5zm-6 0C7.01 14 5 11.99 5 9.5S7.01 5 9.5 5 14 7.01 14 9.5 11.99 14 9.5 14z',
  'SearchIcon',
);
export const ExpandIcon = make('M16.59 8.59 12 13.17 7.41 8.59 6 10l6 6 6-6z', 'ExpandIcon');
export const FileIcon = make(
  'M14 2H6c-1.1 0-2 .9-2 2v16c0 1.1.9 2 2 2h12c1.1 0 2-.9 2-2V8l-6-6zm4 18H6V4h7v5h5v11z',
  'FileIcon',
);
export const CheckIcon = make('M9 16.17 4.83 12l-1.42 1.41L9 19 21 7l-1.41-1.41z', 'CheckIcon');
export const CloseIcon = make(
  'M19 6.41 17.59 5 12 10.59 6.41 5 5 6.41 10.59 12 5 17.59 6.41 19 12 13.41 17.59 19 19 17.59 13.41 12z',
  'CloseIcon',
);
export const BellIcon = make(
  'M12 22c1.1 0 2-.9 2-2h-4c0 1.1.89 2 2 2zm6-6v-5c0-3.07-1.64-5.64-4.5-6.32V4c0-.83-.67-1.5-1.5-1.5s-1.5.67-1.5 1.5v.68C7.63 5.36 6 7.92 6 11v5l-2 2v1h16v-1l-2-2z',
  'BellIcon',
);
