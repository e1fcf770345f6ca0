/**
 * Renders the Korean user manual to app/embedded/files/manual.pdf with headless Chromium
 * (Playwright's API, the system's /usr/bin/chromium or CHROMIUM_PATH). The PDF is committed; the
 * embedded backend stores it in the file storage at start and serves it at
 * GET /api/manualDownload.do. Run again after editing the text below:
 *
 *   node scripts/make-manual.mjs
 *
 * Needs Korean fonts (Debian: fonts-noto-cjk).
 */
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { chromium } from "@playwright/test";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const out = path.join(root, "app/embedded/files/manual.pdf");
const TITLE = "교육평가 자료관리 사용자 매뉴얼";

const html = `<!doctype html>
<html lang="ko">
<head>
<meta charset="utf-8">
<title>${TITLE}</title>
<style>
  @page { size: A4; }
  * { box-sizing: border-box; }
  body {
    font-family: "Noto Sans CJK KR", "Noto Sans KR", sans-serif;
    font-size: 10.5pt; line-height: 1.65; color: #1f2933; margin: 0;
    word-break: keep-all; overflow-wrap: break-word;
  }
  header.cover { border-bottom: 3px solid #1c4f8c; padding-bottom: 10px; margin-bottom: 18px; }
  header.cover h1 { font-size: 21pt; margin: 0 0 4px; color: #1c4f8c; letter-spacing: -0.5px; }
  header.cover p { margin: 0; color: #52606d; }
  nav.toc { background: #f3f6fa; border: 1px solid #d9e2ec; border-radius: 6px; padding: 10px 16px; margin-bottom: 18px; }
  nav.toc h2 { font-size: 11pt; margin: 0 0 4px; border: 0; padding: 0; color: #243b53; }
  nav.toc ol { margin: 0; padding-left: 20px; columns: 2; }
  h2 { font-size: 14pt; color: #1c4f8c; border-bottom: 1px solid #bcccdc; padding-bottom: 3px; margin: 20px 0 8px; break-after: avoid; }
  h3 { font-size: 11pt; color: #243b53; margin: 12px 0 4px; break-after: avoid; }
  p { margin: 4px 0 6px; }
  ul, ol { margin: 4px 0 8px; padding-left: 22px; }
  li { margin: 2px 0; }
  table { border-collapse: collapse; width: 100%; margin: 6px 0 10px; font-size: 9.5pt; break-inside: avoid; }
  th, td { border: 1px solid #bcccdc; padding: 4px 8px; text-align: left; vertical-align: top; }
  th { background: #e6eef7; font-weight: 700; white-space: nowrap; }
  .note { border-left: 4px solid #f0b429; background: #fffbea; padding: 6px 10px; margin: 8px 0; font-size: 9.5pt; }
  .menu { font-weight: 700; color: #102a43; }
  section { break-inside: auto; }
  .keep { break-inside: avoid; }
</style>
</head>
<body>
<header class="cover">
  <h1>${TITLE}</h1>
  <p>의과대학 교육평가·인증 자료관리 시스템 | 교직원용</p>
</header>

<nav class="toc">
  <h2>목차</h2>
  <ol>
    <li>로그인</li>
    <li>메뉴 구성</li>
    <li>자료 입력</li>
    <li>평가 자료 조회</li>
    <li>설문</li>
    <li>개인정보 동의서</li>
    <li>문의</li>
  </ol>
</nav>

<p>이 시스템은 의과대학의 교육평가와 평가인증에 필요한 자료를 입력하고 조회하는 교직원용 웹 서비스입니다.
권한은 두 가지이며 한 사람이 둘 다 가질 수 있습니다.</p>
<table class="keep">
  <tr><th>권한</th><th>할 수 있는 일</th></tr>
  <tr><td>1 입력자</td><td>학생·교수·학생평가·포트폴리오 등 자료 입력, 자료실 파일 등록, 설문 작성</td></tr>
  <tr><td>2 교육평가위원회</td><td>평가 자료 조회, 평가지표 관리, 메시지 발송, 설문 작성</td></tr>
</table>
<p>관리자는 이 밖에 <span class="menu">설정</span> 메뉴에서 사용자, 공통코드, 개인정보 동의서를 관리합니다.</p>

<section>
<h2>1. 로그인</h2>
<h3>로그인하기</h3>
<ol>
  <li>첫 화면에서 아이디와 비밀번호를 입력하고 <span class="menu">로그인</span>을 누릅니다. 입력 칸에서 Enter 키를 눌러도 됩니다.</li>
  <li><span class="menu">로그인 상태 유지</span>를 선택하면 브라우저를 닫았다 열어도 다시 로그인하지 않아도 됩니다. 여러 사람이 쓰는 PC에서는 선택하지 마세요.</li>
  <li>로그인하면 대시보드로 이동합니다. 오랫동안 사용하지 않으면 '로그인 정보가 만료되었습니다. 다시 로그인 해주세요.'라는 안내가 나오며, 이때는 다시 로그인합니다.</li>
</ol>
<h3>회원가입</h3>
<p><span class="menu">회원가입</span>에서 아이디(중복확인 필수), 이름, 소속, 연락처, 이메일, 권한, 비밀번호를 입력합니다.
가입 신청 후 <strong>관리자가 승인해야</strong> 로그인할 수 있습니다.</p>
<h3>비밀번호 규칙과 찾기</h3>
<ul>
  <li>비밀번호는 8자리 이상이며 대문자와 소문자, 특수문자, 숫자 중 세 가지 이상을 섞어야 합니다. 공백은 쓸 수 없습니다.</li>
  <li>비밀번호를 잊었으면 <span class="menu">비밀번호 찾기</span>에서 가입 정보를 모두 입력합니다. 정보가 맞으면 바로 새 비밀번호를 정하는 창이 열립니다.</li>
  <li><span class="menu">내 정보</span>에서 비밀번호를 바꾸면 보안을 위해 로그아웃되며, 새 비밀번호로 다시 로그인합니다.</li>
</ul>
</section>

<section>
<h2>2. 메뉴 구성</h2>
<p>화면 위쪽 머리글에는 알림(종 모양), 프로필, 로그아웃 버튼이 있고, 왼쪽에는 두 단계로 접고 펼 수 있는 메뉴가 있습니다.
화면 너비가 1200px보다 좁으면 왼쪽 메뉴가 자동으로 접힙니다. 보이는 메뉴는 권한에 따라 다릅니다.</p>
<table class="keep">
  <tr><th>메뉴</th><th>내용</th></tr>
  <tr><td>대시보드</td><td>입력·평가 바로가기, 받은 메시지(공지), 사용자 매뉴얼 다운로드</td></tr>
  <tr><td>입력</td><td>학생, 교수, 학생평가, 포트폴리오, 종합평가, 자료실, 자원 자료 입력 (권한 1)</td></tr>
  <tr><td>평가</td><td>교육평가 및 모니터링, 평가지표 (권한 2)</td></tr>
  <tr><td>설문</td><td>설문 작성, 발송 관리, 결과 확인</td></tr>
  <tr><td>메신저</td><td>받은 메시지 확인과 삭제, 메시지 보내기</td></tr>
  <tr><td>설정</td><td>사용자 관리, 공통코드 관리, 개인정보 동의서 관리 (관리자)</td></tr>
  <tr><td>내 정보</td><td>이름, 소속, 연락처, 이메일, 비밀번호 수정</td></tr>
</table>
<h3>알림과 메신저</h3>
<ul>
  <li>종 모양 아이콘에 읽지 않은 메시지 수가 표시됩니다. <span class="menu">모두 읽음</span>으로 한꺼번에 읽음 처리하고, <span class="menu">전체 메시지 보기</span>로 메신저로 이동합니다.</li>
  <li>메신저의 받은 메시지는 30건씩 보이며, 목록 끝까지 내리면 30건씩 더 불러옵니다. 삭제할 메시지를 선택한 뒤 삭제합니다.</li>
  <li>메시지는 권한(입력자, 교육평가위원회)을 대상으로 보내며, 내용은 1000자까지 쓸 수 있습니다. 입력자 권한만 가진 사용자에게는 보내기 버튼이 보이지 않습니다.</li>
</ul>
</section>

<section>
<h2>3. 자료 입력</h2>
<h3>메뉴 찾기</h3>
<p><span class="menu">입력</span> 아래의 분류(예: 학생, 교수)를 누르면 하위 메뉴가 카드 또는 목록으로 보입니다.
년도를 고르고 검색어로 메뉴를 찾을 수 있으며, <span class="menu">부서별 자료 찾기</span>로 담당 부서의 메뉴만 모아 볼 수 있습니다.
'준비중인 메뉴입니다.'로 안내되는 메뉴는 아직 열리지 않은 메뉴입니다.</p>
<h3>자료를 입력할 때</h3>
<ul>
  <li>필수 항목을 모두 입력해야 저장됩니다. 빠진 항목이 있으면 안내 문구가 나타납니다.</li>
  <li>학번으로 학생을 찾는 화면에서는 학번을 입력한 뒤 <span class="menu">확인</span>을 눌러 이름을 불러옵니다.</li>
  <li>LMS와 포트폴리오에서 오는 자료(API 메뉴)는 자동으로 연동되며 3월, 6월, 9월, 12월 1일 0시에 갱신됩니다. 급할 때는 화면의 동기화 버튼을 누릅니다.</li>
</ul>
<h3>자료실 파일 등록</h3>
<table class="keep">
  <tr><th>항목</th><th>기준</th></tr>
  <tr><td>파일 형식</td><td>pptx, pdf, xlsx, xls, hwp, docx, jpg, jpeg, png</td></tr>
  <tr><td>크기</td><td>파일당 최대 10MB</td></tr>
  <tr><td>년도</td><td>필수 선택</td></tr>
  <tr><td>키워드</td><td>쉼표로 구분하여 최대 5개</td></tr>
</table>
<p>등록한 파일은 목록에서 내려받거나 미리 볼 수 있습니다. 미리보기는 이미지와 pdf를 지원합니다.</p>
</section>

<section>
<h2>4. 평가 자료 조회</h2>
<p><span class="menu">평가</span> 메뉴는 교육평가위원회 권한이 있는 사용자에게 보입니다.</p>
<ul>
  <li><strong>교육평가 및 모니터링</strong>: 시험문항 분석, 과정종료 학생 만족도, 임상실습 만족도, 교육활동 이수율, 졸업역량 자기평가, 졸업생 면담 결과를 조회합니다.</li>
  <li><strong>평가지표</strong>: 왼쪽 목록에서 평가지표를 고르면 오른쪽에 지표명, 적용 년도, 평가준거와 연결된 데이터 메뉴가 카드로 보입니다.</li>
  <li>카드의 바로가기로 원래 자료 화면을 열고, 엑셀 다운로드로 선택한 년도의 자료를 내려받습니다.</li>
  <li><span class="menu">데이터 추가</span>에서 메뉴를 세 단계로 골라 지표에 연결하고, 보여 줄 항목(열)을 선택합니다.</li>
</ul>
</section>

<section>
<h2>5. 설문</h2>
<h3>설문 만들기</h3>
<ol>
  <li><span class="menu">설문 &gt; 설문 관리</span>에서 등록을 누르고 설문명과 내용을 입력합니다.</li>
  <li>응답기한을 두려면 시작일과 종료일을 모두 정합니다. 시작일은 종료일보다 늦을 수 없습니다.</li>
  <li>개인정보를 수집하면 수집 내용을 반드시 적습니다(6장 참고).</li>
  <li>문항은 섹션(제목), 객관식, 주관식 가운데 고르고, 위아래로 순서를 바꿀 수 있습니다. 객관식은 보기 유형을 고르면 기본 보기가 채워집니다.</li>
</ol>
<h3>발송과 결과</h3>
<ul>
  <li><span class="menu">발송 관리</span>에서 년도, 학적상태, 제출 여부로 대상자를 찾고 선택하여 발송합니다. 이미 보낸 대상자에게는 재발송할 수 있습니다.</li>
  <li>설문을 자료실의 설문 메뉴에 연결하면 해당 메뉴에서 바로 열 수 있고, 응답 링크를 복사해 안내할 수 있습니다.</li>
  <li><span class="menu">결과</span>에서 응답 현황을 확인합니다.</li>
</ul>
</section>

<section>
<h2>6. 개인정보 동의서</h2>
<ul>
  <li>설문에서 이름, 학번, 연락처 등 개인정보를 받으려면 설문의 <strong>개인정보 수집 여부</strong>를 '예'로 하고, 수집 항목·목적·보유 기간을 적습니다. 응답자는 동의한 뒤 응답합니다.</li>
  <li>동의서 양식은 관리자가 <span class="menu">설정 &gt; 개인정보 동의서 관리</span>에서 관리합니다. 양식이 바뀌면 메시지로 안내합니다.</li>
  <li>사용자 관리 화면에서는 이름, 연락처, 이메일 일부가 가려져 표시됩니다. 내려받은 자료는 업무 목적으로만 쓰고, 쓰임이 끝나면 지워 주세요.</li>
</ul>
</section>

<section class="keep">
<h2>7. 문의</h2>
<table>
  <tr><th>내용</th><th>문의처</th></tr>
  <tr><td>계정 승인, 권한 변경, 시스템 오류</td><td>의학교육실 (시스템 관리자)</td></tr>
  <tr><td>평가지표, 평가 자료, 평가인증 일정</td><td>교육평가위원회</td></tr>
  <tr><td>학생·학사 자료 내용</td><td>교무학사팀, 학생지원팀</td></tr>
</table>
<div class="note">오류를 알릴 때는 화면 이름, 한 일, 나타난 안내 문구를 함께 알려 주시면 빠르게 확인할 수 있습니다.
비밀번호는 누구에게도 알려 주지 마세요. 관리자도 비밀번호를 묻지 않습니다.</div>
</section>
</body>
</html>`;

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH || "/usr/bin/chromium",
  args: [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
  ],
});
try {
  const page = await browser.newPage();
  await page.setContent(html, { waitUntil: "load" });
  await page.evaluate(() => document.fonts.ready);
  const pdf = await page.pdf({
    format: "A4",
    printBackground: true,
    margin: { top: "18mm", bottom: "18mm", left: "17mm", right: "17mm" },
    displayHeaderFooter: true,
    headerTemplate: "<span></span>",
    footerTemplate:
      '<div style="width:100%;text-align:center;font-size:8px;color:#7b8794;"><span class="pageNumber"></span> / <span class="totalPages"></span></div>',
  });
  fs.mkdirSync(path.dirname(out), { recursive: true });
  fs.writeFileSync(out, pdf);
  console.log(`${path.relative(root, out)}: ${pdf.length} bytes`);
} finally {
  await browser.close();
}
