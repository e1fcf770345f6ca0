/**
 * The nine tabs of E17 (spec 002 §2 screen 17, §3, §4): each draws its fields from the tab's values.
 * Lists that a facility-exists option governs (student-only space, student education facility,
 * library, self-study) are hidden and reset with JavaScript when 'none' is chosen (the reset
 * row of §4: one blank row, the self-study defaults); without JavaScript they stay on the page and
 * the save sends no list for 'none'.
 */
import { Group, SimpleGrid, Stack, Fieldset } from "~/components/ui/mantine";
import { Table } from "~/components/ui/Table";
import { useState } from "react";
import { useHydrated } from "~/components/layout/useHydrated";
import { BLANK_ROWS, DEFAULT_EQUIPMENT, DEFAULT_SELF_STUDY, DORM_TYPES, OSCE_CENTER, OSCE_LOCATION, SPACE_LABELS as L, WELFARE_KINDS, dormTotal, staffTotal, type SpaceTab } from "./__schema";
import { Check, Choice, DONE, HAS, NumField, RowsTable, TextField, Total, control, obj, rowsOf, str, useSum, type Values } from "./__fields";

/** A list governed by a Y/N option: its rows, reset with JavaScript when the option says N. */
function useGoverned(initialFlag: string, initialRows: Values[], reset: () => Values[]) {
  const hydrated = useHydrated();
  const [flag, setFlag] = useState(initialFlag);
  const [rows, setRows] = useState(initialRows.length ? initialRows : reset());
  return {
    shown: !hydrated || flag === "Y",
    rows,
    choose: (v: string) => {
      setFlag(v);
      if (v === "N") setRows(reset());
    },
  };
}

function FclTab({ v }: { v: Values }) {
  const info = obj(v.fclInfo);
  const stsp = useGoverned(str(info.stspYn), rowsOf(v.stspList), () => [{ ...BLANK_ROWS.stspList }]);
  const stfcl = useGoverned(str(info.stfclYn), rowsOf(v.stfclList), () => [{ ...BLANK_ROWS.stfclList }]);
  return (
    <Stack gap="md">
      <Fieldset legend="교육시설">
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          <NumField name="fclInfo.totalClsRoom" field="totalClsRoom" value={info.totalClsRoom} />
          <NumField name="fclInfo.totalLab" field="totalLab" value={info.totalLab} />
        </SimpleGrid>
      </Fieldset>
      <Fieldset legend="OSCE 센터">
        <Stack gap="sm">
          <Group gap="xl">
            <Choice name="fclInfo.osceCenterYn" label={L.osceCenterYn} value={str(info.osceCenterYn) || "2"} options={OSCE_CENTER} />
            <Choice name="fclInfo.osceCenterLoc" label={L.osceCenterLoc} value={str(info.osceCenterLoc)} options={OSCE_LOCATION} />
          </Group>
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            <NumField name="fclInfo.osceLabCnt" field="osceLabCnt" value={info.osceLabCnt} />
            <NumField name="fclInfo.osceSmltCnt" field="osceSmltCnt" value={info.osceSmltCnt} />
            <NumField name="fclInfo.osceClsRoom" field="osceClsRoom" value={info.osceClsRoom} />
          </SimpleGrid>
        </Stack>
      </Fieldset>
      <RowsTable
        caption="보유 장비"
        headers={["장비명", L.eqpYn, L.eqpCnt]}
        rows={rowsOf(v.fclEqpList)}
        testId="space-equipment"
        cells={(r, i) => {
          // a refused post comes back without the names (they are not posted): the defaults, in order
          const eqpNm = str(r.eqpNm) || (DEFAULT_EQUIPMENT[i] ?? "");
          return (
          <>
            <Table.Td>{eqpNm}</Table.Td>
            <Table.Td>
              <Check
                name={`fclEqpList[${i}].eqpYn`}
                checked={str(r.eqpYn) === "Y"}
                ariaLabel={`${eqpNm} 보유`}
                onChange={(checked, el) => {
                  // unchecking an equipment clears its count (spec 002 §4)
                  const cnt = control(el, `fclEqpList[${i}].eqpCnt`);
                  if (!checked && cnt) cnt.value = "";
                }}
              />
            </Table.Td>
            <Table.Td>
              <NumField
                name={`fclEqpList[${i}].eqpCnt`}
                field="eqpCnt"
                value={r.eqpCnt}
                ariaLabel={`${eqpNm} ${L.eqpCnt}`}
                onInput={(value, el) => {
                  // a count ticks its box (as a professional-staff count clears 'none'); without
                  // JavaScript a count with the box unticked is refused, neither dropped
                  const box = control(el, `fclEqpList[${i}].eqpYn`);
                  if (value && box) box.checked = true;
                }}
              />
            </Table.Td>
          </>
          );
        }}
      />
      <Choice name="fclInfo.stspYn" label={L.stspYn} value={str(info.stspYn) || "N"} options={HAS} onChange={stsp.choose} />
      {stsp.shown ? (
        <RowsTable
          caption="교육병원 내 학생전용공간"
          headers={[L.stspLoc, L.stspPn]}
          rows={stsp.rows}
          list="stspList"
          add="stspList"
          cells={(r, i) => (
            <>
              <Table.Td>
                <TextField name={`stspList[${i}].stspLoc`} field="stspLoc" value={r.stspLoc} ariaLabel={`학생전용공간 ${i + 1} ${L.stspLoc}`} />
              </Table.Td>
              <Table.Td>
                <NumField name={`stspList[${i}].stspPn`} field="stspPn" value={r.stspPn} ariaLabel={`학생전용공간 ${i + 1} ${L.stspPn}`} />
              </Table.Td>
            </>
          )}
        />
      ) : null}
      <Choice name="fclInfo.stfclYn" label={L.stfclYn} value={str(info.stfclYn) || "N"} options={HAS} onChange={stfcl.choose} />
      {stfcl.shown ? (
        <RowsTable
          caption="교육병원 내 학생교육시설"
          headers={[L.stfclLoc, L.stfclNm]}
          rows={stfcl.rows}
          list="stfclList"
          add="stfclList"
          cells={(r, i) => (
            <>
              <Table.Td>
                <TextField name={`stfclList[${i}].stfclLoc`} field="stfclLoc" value={r.stfclLoc} ariaLabel={`학생교육시설 ${i + 1} ${L.stfclLoc}`} />
              </Table.Td>
              <Table.Td>
                <TextField name={`stfclList[${i}].stfclNm`} field="stfclNm" value={r.stfclNm} ariaLabel={`학생교육시설 ${i + 1} ${L.stfclNm}`} />
              </Table.Td>
            </>
          )}
        />
      ) : null}
    </Stack>
  );
}

function LibraryRow({ r, i }: { r: Values; i: number }) {
  const sum = useSum(r.lbrrnCnt, r.etcCnt, staffTotal);
  const n = (f: "seatNum" | "stH" | "stM" | "enH" | "enM") => <NumField name={`lbrrList[${i}].${f}`} field={f} value={r[f]} ariaLabel={`의학도서관 ${i + 1} ${L[f]}`} short={f !== "seatNum"} />;
  return (
    <>
      <Table.Td>
        <TextField name={`lbrrList[${i}].lbrrNm`} field="lbrrNm" value={r.lbrrNm} ariaLabel={`의학도서관 ${i + 1} ${L.lbrrNm}`} w={150} />
      </Table.Td>
      <Table.Td>
        <TextField name={`lbrrList[${i}].lbrrLoc`} field="lbrrLoc" value={r.lbrrLoc} ariaLabel={`의학도서관 ${i + 1} ${L.lbrrLoc}`} w={130} />
      </Table.Td>
      <Table.Td>{n("seatNum")}</Table.Td>
      <Table.Td>
        <Group gap={4} wrap="nowrap">
          {n("stH")}:{n("stM")} ~ {n("enH")}:{n("enM")}
        </Group>
      </Table.Td>
      <Table.Td>
        <NumField name={`lbrrList[${i}].lbrrnCnt`} field="lbrrnCnt" value={r.lbrrnCnt} ariaLabel={`의학도서관 ${i + 1} ${L.lbrrnCnt}`} onInput={sum.setA} />
      </Table.Td>
      <Table.Td>
        <NumField name={`lbrrList[${i}].etcCnt`} field="etcCnt" value={r.etcCnt} ariaLabel={`의학도서관 ${i + 1} ${L.etcCnt}`} onInput={sum.setB} />
      </Table.Td>
      <Table.Td data-testid={`library-staff-total-${i}`}>{sum.total || "-"}</Table.Td>
    </>
  );
}

function LbrrTab({ v }: { v: Values }) {
  const info = obj(v.mdclLbrrInfo);
  const list = useGoverned(str(info.lbrrYn), rowsOf(v.lbrrList), () => [{ ...BLANK_ROWS.lbrrList }]);
  return (
    <Stack gap="md">
      <Group gap="xl">
        <Choice name="mdclLbrrInfo.lbrrYn" label={L.lbrrYn} value={str(info.lbrrYn) || "N"} options={HAS} onChange={list.choose} />
        <Choice name="mdclLbrrInfo.bldYn" label={L.bldYn} value={str(info.bldYn) || "N"} options={DONE} />
      </Group>
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        <NumField name="mdclLbrrInfo.bdgAmt" field="bdgAmt" value={info.bdgAmt} />
        <NumField name="mdclLbrrInfo.bdgExcAmt" field="bdgExcAmt" value={info.bdgExcAmt} />
        <Group align="flex-end" gap="sm">
          <NumField
            name="mdclLbrrInfo.proPerCnt"
            field="proPerCnt"
            value={info.proPerCnt}
            onInput={(value, el) => {
              // a count clears 'none' (spec 002 §4)
              const none = control(el, "mdclLbrrInfo.proPerYn");
              if (value && none) none.checked = false;
            }}
          />
          <Check
            name="mdclLbrrInfo.proPerYn"
            label={L.proPerYn}
            on="N"
            checked={str(info.proPerYn) === "N"}
            onChange={(checked, el) => {
              // 'none' clears the count (spec 002 §4)
              const cnt = control(el, "mdclLbrrInfo.proPerCnt");
              if (checked && cnt) cnt.value = "";
            }}
          />
        </Group>
      </SimpleGrid>
      {list.shown ? (
        <RowsTable
          caption="의학도서관 목록"
          headers={[L.lbrrNm, L.lbrrLoc, L.seatNum, "운영 시간", L.lbrrnCnt, L.etcCnt, "인력 합계(명)"]}
          rows={list.rows}
          list="lbrrList"
          add="lbrrList"
          cells={(r, i) => <LibraryRow r={r} i={i} />}
        />
      ) : null}
    </Stack>
  );
}

function SgroupTab({ v }: { v: Values }) {
  return (
    <RowsTable
      caption="학생 소그룹실"
      headers={[L.srSe, L.roomCnt, L.roomStspPn]}
      rows={rowsOf(v.list)}
      list="list"
      add="sgroup"
      cells={(r, i) => (
        <>
          <Table.Td>
            <TextField name={`list[${i}].srSe`} field="srSe" value={r.srSe} ariaLabel={`소그룹실 ${i + 1} ${L.srSe}`} />
          </Table.Td>
          <Table.Td>
            <NumField name={`list[${i}].roomCnt`} field="roomCnt" value={r.roomCnt} ariaLabel={`소그룹실 ${i + 1} ${L.roomCnt}`} />
          </Table.Td>
          <Table.Td>
            <NumField name={`list[${i}].roomStspPn`} field="roomStspPn" value={r.roomStspPn} ariaLabel={`소그룹실 ${i + 1} ${L.roomStspPn}`} />
          </Table.Td>
        </>
      )}
    />
  );
}

function DormTab({ v }: { v: Values }) {
  const d = obj(v.dormInfo);
  const sum = useSum(d.stCntM, d.stCntW, dormTotal);
  return (
    <Stack gap="md">
      <Group gap="xl">
        <Choice name="dormInfo.hsngSrvyYn" label={L.hsngSrvyYn} value={str(d.hsngSrvyYn) || "N"} options={DONE} />
        <Choice name="dormInfo.drmtType" label={L.drmtType} value={str(d.drmtType) || "2"} options={DORM_TYPES} />
        <Choice name="dormInfo.stsfSrvyYn" label={L.stsfSrvyYn} value={str(d.stsfSrvyYn) || "N"} options={DONE} />
      </Group>
      <Group align="flex-end" gap="md">
        <NumField name="dormInfo.stCntM" field="stCntM" value={d.stCntM} onInput={sum.setA} />
        <NumField name="dormInfo.stCntW" field="stCntW" value={d.stCntW} onInput={sum.setB} />
        <Total label="입사 학생 합계(명)" value={sum.total} id="dorm-total" />
      </Group>
      <Fieldset legend="기숙사비(천원/학기)">
        <SimpleGrid cols={{ base: 1, sm: 4 }}>
          {(["cost1", "cost2", "cost3", "cost4"] as const).map((f) => (
            <NumField key={f} name={`dormInfo.${f}`} field={f} value={d[f]} />
          ))}
        </SimpleGrid>
      </Fieldset>
    </Stack>
  );
}

function SelfsTab({ v }: { v: Values }) {
  const list = useGoverned(str(v.ssYn), rowsOf(v.list), () => DEFAULT_SELF_STUDY.map((ssNm) => ({ ...BLANK_ROWS.selfs, ssNm })));
  return (
    <Stack gap="md">
      <Choice name="ssYn" label={L.ssYn} value={str(v.ssYn) || "N"} options={HAS} onChange={list.choose} />
      {list.shown ? (
        <RowsTable
          caption="학생 자율학습 공간"
          headers={[L.ssNm, L.ssCnt, L.stspPn]}
          rows={list.rows}
          list="list"
          add="selfs"
          cells={(r, i) => (
            <>
              <Table.Td>
                <TextField name={`list[${i}].ssNm`} field="ssNm" value={r.ssNm} ariaLabel={`자율학습 공간 ${i + 1} ${L.ssNm}`} />
              </Table.Td>
              <Table.Td>
                <NumField name={`list[${i}].ssCnt`} field="ssCnt" value={r.ssCnt} ariaLabel={`자율학습 공간 ${i + 1} ${L.ssCnt}`} />
              </Table.Td>
              <Table.Td>
                <NumField name={`list[${i}].stspPn`} field="stspPn" value={r.stspPn} ariaLabel={`자율학습 공간 ${i + 1} ${L.stspPn}`} />
              </Table.Td>
            </>
          )}
        />
      ) : null}
    </Stack>
  );
}

function WlcnvTab({ v }: { v: Values }) {
  // one list on the wire; shown as two tables, each row keeping its index in the list
  const all = rowsOf(v.list).map((r, i) => ({ r, i }));
  return (
    <Stack gap="md">
      {WELFARE_KINDS.map((k) => {
        const mine = all.filter((x) => (str(x.r.swlSe) || "1") === k.value);
        return (
          <RowsTable
            key={k.value}
            caption={k.label}
            headers={[L.swfNm, L.cnt]}
            rows={mine.map((x) => x.r)}
            list="list"
            add={k.value === "1" ? "welfare" : "convenience"}
            rowIndex={(j) => mine[j].i}
            cells={(r, j) => {
              const i = mine[j].i;
              return (
                <>
                  <Table.Td>
                    <input type="hidden" name={`list[${i}].swlSe`} value={k.value} />
                    <TextField name={`list[${i}].swfNm`} field="swfNm" value={r.swfNm} ariaLabel={`${k.label} ${j + 1} ${L.swfNm}`} />
                  </Table.Td>
                  <Table.Td>
                    <NumField name={`list[${i}].cnt`} field="cnt" value={r.cnt} ariaLabel={`${k.label} ${j + 1} ${L.cnt}`} />
                  </Table.Td>
                </>
              );
            }}
          />
        );
      })}
    </Stack>
  );
}

function SystemsTable({ caption, list, rows, maxUser }: { caption: string; list: "mngrList" | "evalList"; rows: Values[]; maxUser: boolean }) {
  return (
    <RowsTable
      caption={caption}
      headers={["시스템", L.sysYn, ...(maxUser ? [L.maxUser] : []), "사용 학년", L.remark]}
      rows={rows}
      cells={(r, i) => (
        <>
          <Table.Td>{str(r.sysNm)}</Table.Td>
          <Table.Td>
            <Check name={`${list}[${i}].sysYn`} checked={str(r.sysYn) === "Y"} ariaLabel={`${str(r.sysNm)} ${L.sysYn}`} />
          </Table.Td>
          {maxUser ? (
            <Table.Td>
              <NumField name={`${list}[${i}].maxUser`} field="maxUser" value={r.maxUser} ariaLabel={`${str(r.sysNm)} ${L.maxUser}`} />
            </Table.Td>
          ) : null}
          <Table.Td>
            <Group gap="sm">
              {rowsOf(r.grdList).map((g, j) => (
                <span key={str(g.id)}>
                  <input type="hidden" name={`${list}[${i}].grdList[${j}].id`} value={str(g.id)} />
                  <input type="hidden" name={`${list}[${i}].grdList[${j}].text`} value={str(g.text)} />
                  <Check name={`${list}[${i}].grdList[${j}].useYn`} checked={str(g.useYn) === "Y"} label={str(g.text)} ariaLabel={`${str(r.sysNm)} ${str(g.text)}`} />
                </span>
              ))}
            </Group>
          </Table.Td>
          <Table.Td>
            <TextField name={`${list}[${i}].remark`} field="remark" value={r.remark} ariaLabel={`${str(r.sysNm)} ${L.remark}`} />
          </Table.Td>
        </>
      )}
    />
  );
}

function EduTab({ v }: { v: Values }) {
  return (
    <Stack gap="md">
      <Choice name="eduInfo.ddcPrsYn" label={L.ddcPrsYn} value={str(obj(v.eduInfo).ddcPrsYn) || "N"} options={HAS} />
      <SystemsTable caption="관리 시스템" list="mngrList" rows={rowsOf(v.mngrList)} maxUser={false} />
      <SystemsTable caption="평가 시스템" list="evalList" rows={rowsOf(v.evalList)} maxUser />
    </Stack>
  );
}

function LabTab({ v }: { v: Values }) {
  const info = obj(v.labInfo);
  return (
    <Stack gap="md">
      <Group align="flex-end" gap="xl">
        <Choice name="labInfo.labYn" label={L.labYn} value={str(info.labYn) || "N"} options={HAS} />
        <NumField name="labInfo.labCnt" field="labCnt" value={info.labCnt} />
      </Group>
      <RowsTable
        caption="학년별 학생 연구실 사용"
        headers={["학년", L.useYn, L.usePrf]}
        rows={rowsOf(v.list)}
        cells={(r, i) => (
          <>
            <Table.Td>
              <input type="hidden" name={`list[${i}].id`} value={str(r.id)} />
              <input type="hidden" name={`list[${i}].text`} value={str(r.text)} />
              {str(r.text)}
            </Table.Td>
            <Table.Td>
              <Check name={`list[${i}].useYn`} checked={str(r.useYn) === "Y"} ariaLabel={`${str(r.text)} ${L.useYn}`} />
            </Table.Td>
            <Table.Td>
              <TextField name={`list[${i}].usePrf`} field="usePrf" value={r.usePrf} ariaLabel={`${str(r.text)} ${L.usePrf}`} />
            </Table.Td>
          </>
        )}
      />
    </Stack>
  );
}

function MngrTab({ v }: { v: Values }) {
  const fields = ["content", "name", "dpt", "pstn", "telNo", "email"] as const;
  return (
    <RowsTable
      caption="담당자 정보"
      headers={fields.map((f) => L[f])}
      rows={rowsOf(v.list)}
      list="list"
      add="mngr"
      cells={(r, i) => (
        <>
          {fields.map((f) => (
            <Table.Td key={f}>
              <TextField name={`list[${i}].${f}`} field={f} value={r[f]} ariaLabel={`담당자 ${i + 1} ${L[f]}`} w={f === "content" ? 200 : 130} />
            </Table.Td>
          ))}
        </>
      )}
    />
  );
}

export function SpaceTabFields({ tab, values }: { tab: SpaceTab; values: Values }) {
  switch (tab) {
    case "fcl":
      return <FclTab v={values} />;
    case "lbrr":
      return <LbrrTab v={values} />;
    case "sgroup":
      return <SgroupTab v={values} />;
    case "dorm":
      return <DormTab v={values} />;
    case "selfs":
      return <SelfsTab v={values} />;
    case "wlcnv":
      return <WlcnvTab v={values} />;
    case "edu":
      return <EduTab v={values} />;
    case "lab":
      return <LabTab v={values} />;
    case "mngr":
      return <MngrTab v={values} />;
  }
}
