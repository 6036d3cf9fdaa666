import { useMemo } from 'react';
import { useLaurelDataProvider } from '../../dataProvider/useLaurelDataProvider';

/** The template calls of the templates page (spec 001 section 7), as named methods of the data provider. */
export function useTemplateCalls() {
  const dataProvider = useLaurelDataProvider();
  return useMemo(
    () => ({
      disable: dataProvider.disableTemplate,
      enable: dataProvider.enableTemplate,
      saveNotes: dataProvider.saveTemplateNotes,
      savePathway: dataProvider.saveTemplatePathway,
      tags: dataProvider.getTemplateTags,
      saveTags: dataProvider.saveTemplateTags,
    }),
    [dataProvider],
  );
}
