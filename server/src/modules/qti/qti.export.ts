import { QuestionType } from '../assessments';
import { writeZip } from './qti.package';
import { IMAGES_CLASS, paragraphs } from './qti.text';
import { NeutralQuestion } from './qti.types';
import { escapeXml as x } from './qti.xml';

/**
 * Questions as a QTI 3.0 content package: imsmanifest.xml (one imsqti_item_xmlv3p0 resource per question, its
 * tags as LOM keywords) and items/qN.xml. MCQ: choiceInteraction, single cardinality for one correct option
 * without partial marking, else multiple; all or nothing sets SCORE to the points on a match of the correct
 * response; partial marking is a mapping (each correct option points / correct options, each wrong option
 * minus the penalty, lower bound 0, upper bound the points) with map_response. Short answer:
 * textEntryInteraction with a case-insensitive mapping of each accepted answer to points x weight. Long answer:
 * extendedTextInteraction, scored by hand. Every item declares MAXSCORE = its points. A question's images follow
 * its text in a block of their own (items/images/qN/k/name), each listed as a file of its resource.
 */

const NS = 'http://www.imsglobal.org/xsd/imsqtiasi_v3p0';
const RP = 'https://purl.imsglobal.org/spec/qti/v3p0/rptemplates';
const n = (v: number) => String(Math.round(v * 10000) / 10000);

function outcomes(points: number): string {
  return `<qti-outcome-declaration identifier="SCORE" cardinality="single" base-type="float" normal-maximum="${points}">
    <qti-default-value><qti-value>0</qti-value></qti-default-value>
  </qti-outcome-declaration>
  <qti-outcome-declaration identifier="MAXSCORE" cardinality="single" base-type="float">
    <qti-default-value><qti-value>${points}</qti-value></qti-default-value>
  </qti-outcome-declaration>`;
}

const allOrNothing = (points: number) => `<qti-response-processing>
    <qti-response-condition>
      <qti-response-if>
        <qti-match><qti-variable identifier="RESPONSE"/><qti-correct identifier="RESPONSE"/></qti-match>
        <qti-set-outcome-value identifier="SCORE"><qti-base-value base-type="float">${points}</qti-base-value></qti-set-outcome-value>
      </qti-response-if>
      <qti-response-else>
        <qti-set-outcome-value identifier="SCORE"><qti-base-value base-type="float">0</qti-base-value></qti-set-outcome-value>
      </qti-response-else>
    </qti-response-condition>
  </qti-response-processing>`;

const mapResponse = `<qti-response-processing template="${RP}/map_response.xml"/>`;

function choiceItem(q: NeutralQuestion): { declaration: string; interaction: string; processing: string } {
  const ids = q.options.map((_o, i) => `choice${i + 1}`);
  const correct = ids.filter((_id, i) => q.options[i].isCorrect);
  const partial = q.partialMarking.enabled;
  const single = correct.length === 1 && !partial;
  const cost = (q.points * q.partialMarking.penaltyPerWrong) / 100;
  const mapping = partial
    ? `\n    <qti-mapping lower-bound="0" upper-bound="${q.points}" default-value="${n(-cost)}">\n${ids
        .map(
          (id, i) =>
            `      <qti-map-entry map-key="${id}" mapped-value="${n(q.options[i].isCorrect ? q.points / correct.length : -cost)}"/>`,
        )
        .join('\n')}\n    </qti-mapping>`
    : '';
  return {
    declaration: `<qti-response-declaration identifier="RESPONSE" cardinality="${single ? 'single' : 'multiple'}" base-type="identifier">
    <qti-correct-response>${correct.map((id) => `<qti-value>${id}</qti-value>`).join('')}</qti-correct-response>${mapping}
  </qti-response-declaration>`,
    interaction: `<qti-choice-interaction response-identifier="RESPONSE" shuffle="false" max-choices="${single ? 1 : 0}">
${q.options.map((o, i) => `        <qti-simple-choice identifier="${ids[i]}">${x(o.text)}</qti-simple-choice>`).join('\n')}
      </qti-choice-interaction>`,
    processing: partial ? mapResponse : allOrNothing(q.points),
  };
}

function textEntryItem(q: NeutralQuestion) {
  const best = [...q.acceptedAnswers].sort((a, b) => b.weight - a.weight)[0];
  return {
    declaration: `<qti-response-declaration identifier="RESPONSE" cardinality="single" base-type="string">
    <qti-correct-response><qti-value>${x(best?.answer ?? '')}</qti-value></qti-correct-response>
    <qti-mapping lower-bound="0" upper-bound="${q.points}" default-value="0">
${q.acceptedAnswers.map((a) => `      <qti-map-entry map-key="${x(a.answer)}" mapped-value="${n((q.points * a.weight) / 100)}" case-sensitive="false"/>`).join('\n')}
    </qti-mapping>
  </qti-response-declaration>`,
    interaction: '<p><qti-text-entry-interaction response-identifier="RESPONSE" expected-length="30"/></p>',
    processing: mapResponse,
  };
}

const extendedTextItem = () => ({
  declaration: '<qti-response-declaration identifier="RESPONSE" cardinality="single" base-type="string"/>',
  interaction: '<qti-extended-text-interaction response-identifier="RESPONSE"/>',
  processing: '',
});

const titleOf = (text: string) => {
  const line = text.split('\n')[0].trim();
  return line.length > 80 ? `${line.slice(0, 77)}...` : line;
};

/** Where a question's images go in the package, relative to its item file (items/): images/q1/1/name.png. */
export const imageHrefs = (q: NeutralQuestion, identifier: string) =>
  (q.images ?? []).map((img, k) => `images/${identifier}/${k + 1}/${img.name.replace(/[^A-Za-z0-9._-]/g, '_')}`);

/** The images under the text, in a block the importer leaves out of the text (it keeps them as images). */
const imagesBlock = (q: NeutralQuestion, identifier: string) => {
  const hrefs = imageHrefs(q, identifier);
  return hrefs.length
    ? `\n    <div class="${IMAGES_CLASS}">${hrefs.map((h, k) => `<p><img src="${x(h)}" alt="${x(q.images![k].name)}"/></p>`).join('')}</div>`
    : '';
};

/** One question as a QTI 3.0 assessment item. */
export function itemXml(q: NeutralQuestion, identifier: string): string {
  const part = q.type === QuestionType.MCQ ? choiceItem(q) : q.type === QuestionType.ShortAnswer ? textEntryItem(q) : extendedTextItem();
  return `<?xml version="1.0" encoding="UTF-8"?>
<qti-assessment-item xmlns="${NS}" identifier="${x(identifier)}" title="${x(titleOf(q.questionText))}" adaptive="false" time-dependent="false">
  ${part.declaration}
  ${outcomes(q.points)}
  <qti-item-body>
    ${paragraphs(q.questionText, x)}${imagesBlock(q, identifier)}
    ${part.interaction}
  </qti-item-body>${part.processing ? `\n  ${part.processing}` : ''}
</qti-assessment-item>
`;
}

function manifestXml(title: string, ids: string[], questions: NeutralQuestion[]): string {
  const keywords = (tags: string[]) =>
    tags.length
      ? `\n      <metadata><lom xmlns="http://ltsc.ieee.org/xsd/LOM"><general>${tags.map((t) => `<keyword><string>${x(t)}</string></keyword>`).join('')}</general></lom></metadata>`
      : '';
  return `<?xml version="1.0" encoding="UTF-8"?>
<manifest xmlns="http://www.imsglobal.org/xsd/qti/qtiv3p0/imscp_v1p1" identifier="MANIFEST-1">
  <metadata>
    <schema>QTI Package</schema>
    <schemaversion>3.0.0</schemaversion>
    <lom xmlns="http://ltsc.ieee.org/xsd/LOM"><general><title><string>${x(title)}</string></title></general></lom>
  </metadata>
  <organizations/>
  <resources>
${ids
  .map(
    (id, i) => `    <resource identifier="${id}" type="imsqti_item_xmlv3p0" href="items/${id}.xml">${keywords(questions[i].tags)}
      <file href="items/${id}.xml"/>${imageHrefs(questions[i], id)
        .map((h) => `\n      <file href="items/${x(h)}"/>`)
        .join('')}
    </resource>`,
  )
  .join('\n')}
  </resources>
</manifest>
`;
}

/** The package of `questions` (a bank's or an assessment's, in their order), titled `title`. */
export function writeQtiPackage(title: string, questions: NeutralQuestion[]): Promise<Buffer> {
  const ids = questions.map((_q, i) => `q${i + 1}`);
  return writeZip([
    ['imsmanifest.xml', manifestXml(title, ids, questions)],
    ...questions.flatMap((q, i): Array<[string, Buffer | string]> => [
      [`items/${ids[i]}.xml`, itemXml(q, ids[i])],
      ...imageHrefs(q, ids[i]).map((h, k): [string, Buffer] => [`items/${h}`, q.images![k].bytes]),
    ]),
  ]);
}
