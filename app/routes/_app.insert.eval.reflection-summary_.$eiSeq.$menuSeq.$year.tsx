/** E05 in evaluation mode (`/insert/eval/reflection-summary/{eiSeq}/{menuSeq}/{year}`): the same report route. */
export { action, default, loader, meta } from "./__report-route";
