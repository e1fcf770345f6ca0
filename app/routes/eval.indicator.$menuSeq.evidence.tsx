/**
 * The evidence workbook of an indicator (ADR 0039), `/eval/indicator/{menuSeq}/evidence?ei=`: a
 * cover sheet (name, criterion, years, each card's columns and a synced report's last sync) and one
 * sheet per card in its ticked columns for the chosen years, streamed with the one xlsx writer.
 */
import { evidenceLoader } from "./__eval-indicators.server";

export const loader = evidenceLoader;
