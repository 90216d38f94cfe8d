import { definePreset } from '@primeuix/themes';
import Aura from '@primeuix/themes/aura';

// Aura, made quieter for money: an ink-blue primary used sparingly, slate neutrals, hairline
// borders, 14 px type (set on <html> in app.css) and denser tables.
export const CovenantPreset = definePreset(Aura, {
  semantic: {
    primary: {
      50: '#eff4ff',
      100: '#dce7fe',
      200: '#c0d3fd',
      300: '#95b5fb',
      400: '#638cf6',
      500: '#3f66ef',
      600: '#2a4ae3',
      700: '#2338c7',
      800: '#2231a1',
      900: '#212f7f',
      950: '#181f4d',
    },
    focusRing: {
      width: '2px',
      style: 'solid',
      color: '{primary.500}',
      offset: '2px',
      shadow: 'none',
    },
    colorScheme: {
      light: {
        primary: {
          color: '{primary.600}',
          contrastColor: '#ffffff',
          hoverColor: '{primary.700}',
          activeColor: '{primary.800}',
        },
        highlight: {
          background: '{primary.50}',
          focusBackground: '{primary.100}',
          color: '{primary.700}',
          focusColor: '{primary.800}',
        },
        formField: {
          borderColor: '{surface.300}',
          hoverBorderColor: '{surface.400}',
          color: '{surface.900}',
          placeholderColor: '{surface.400}',
        },
        text: {
          color: '{surface.900}',
          hoverColor: '{surface.950}',
          mutedColor: '{surface.500}',
          hoverMutedColor: '{surface.600}',
        },
        content: {
          hoverBackground: '{surface.50}',
        },
      },
    },
  },
  components: {
    datatable: {
      headerCell: {
        padding: '0.5rem 0.875rem',
        background: '{surface.50}',
        color: '{surface.500}',
      },
      columnTitle: { fontWeight: '500' },
      bodyCell: { padding: '0.5625rem 0.875rem', borderColor: '{surface.100}' },
      row: { hoverBackground: '{surface.50}' },
    },
    dialog: {
      title: { fontSize: '1.125rem', fontWeight: '600' },
    },
    drawer: {
      title: { fontSize: '1.125rem', fontWeight: '600' },
    },
    tag: {
      root: { fontSize: '0.75rem', fontWeight: '500', padding: '0.125rem 0.5rem' },
    },
    tooltip: {
      root: { padding: '0.375rem 0.625rem', maxWidth: '18rem' },
    },
  },
});
