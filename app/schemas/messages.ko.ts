/**
 * Every user-visible message of the product, copied verbatim from the specifications. Import from
 * here; never write a message inline. `tests/unit/messages.test.ts` checks the verbatim ones
 * against the specification texts when they are at hand (they are kept outside the repository).
 * The frame's three (the '알림' title, the error page's) stand in messages.frame.ko.ts and are part
 * of MSG (ADR 0044).
 */
import { FRAME_MSG } from "./messages.frame.ko";

export const MSG = {
  // common (spec 000 §8)
  ...FRAME_MSG,
  noData: "데이터가 없습니다.",
  noSearchResult: "검색 결과가 없습니다.",
  noReceivedMessages: "전달받은 메시지가 없습니다.",
  noNotifications: "등록된 알림이 없습니다.",
  menuLoadError: "메뉴를 불러오던 중 오류가 발생하였습니다.",
  menuForbidden: "해당 메뉴는 접근할 수 없습니다.",
  menuNotReady: "준비중인 메뉴입니다.",
  notReady: "준비중입니다.",

  // session (spec 000 §8)
  pleaseLogin: "로그인 해주세요.",
  sessionExpired: "로그인 정보가 만료되었습니다. 다시 로그인 해주세요.",
  autoLoginFailed: "자동로그인 실패하였습니다. 다시 로그인 해주세요.",

  // sign-in (spec 000 §5)
  idRequired: "아이디를 입력하세요.",
  passwordRequired: "비밀번호를 입력하세요.",

  // sign-up and find-password (spec 000 §5)
  requiredFields: "필수 입력사항을 입력하세요.",
  idCheckRequired: "아이디 중복확인을 확인하세요.",
  idDuplicated: "중복된 아이디입니다. 다른 아이디로 설정하세요.",
  idAvailable: "사용 가능한 아이디입니다.",
  userNotFound: "가입된 사용자가 없습니다.",

  // field rules (spec 000 §5)
  idFormat: "아이디는 영문 / 숫자 / -,_ 특수기호만 입력 가능합니다.",
  nameFormat: "이름은 텍스트만 입력 가능합니다.",
  passwordFormat: "비밀번호는 세가지 종류(대문자와 소문자, 특수문자, 숫자) 이상의 8자리 이상으로 구성하세요.",
  passwordMismatch: "비밀번호가 불일치 합니다. 다시 입력하세요.",
  emailNoSpace: "이메일에 공백은 입력할 수 없습니다.",

  // profile (spec 000 §5)
  deptRequired: "소속을 선택하세요.",
  phoneRequired: "연락처를 모두 입력하세요.",
  emailRequired: "이메일을 모두 입력하세요.",
  authRequired: "권한을 선택하세요.",
  /** spec 001 §5 (person forms); the profile's name rule of spec 000 §5 gives no wording of its own */
  nameRequired: "이름을 입력해주세요.",
  /** confirmation before a save (spec 002) */
  confirmSave: "저장 하시겠습니까?",

  // messages (spec 000 §5 Message)
  messageRequired: "내용을 입력해주세요.",
  messageTooLong: "메시지 내용은 1000글자를 초과할 수 없습니다.",
  messageTargetRequired: "대상을 선택해주세요.",
  messageDeleteSelect: "삭제할 메시지를 선택해주세요.",

  // success messages (spec 000 §8)
  registered: "등록 성공하였습니다.",
  deleted: "삭제 성공하였습니다.",
  saved: "저장 되었습니다.",
  updated: "수정되었습니다.",
  copied: "복사 되었습니다.",
  approved: "승인 되었습니다.",
  reset: "초기화 되었습니다.",
  added: "추가되었습니다.",
  sent: "발송(재발송) 처리되었습니다.",

  // people records: student and professor save, delete (spec 001 §5, §8)
  created: "등록되었습니다.",
  createFailed: "등록 실패하였습니다.",
  updateFailed: "수정 실패하였습니다.",
  deleteDone: "삭제하였습니다.",
  deleteFailed: "삭제 실패하였습니다.",
  yearRequired: "년도를 선택해주세요.",
  phoneAllRequired: "연락처를 모두 입력해주세요.",
  emailInputRequired: "이메일을 입력해주세요.",
  domainRequired: "도메인을 선택해주세요.",
  employeeIdRequired: "사번을 입력해주세요.",
  hireDateRequired: "입사일을 입력해주세요.",
  hireDateFormat: "입사일은 YYYY-MM-DD 형식으로 입력해주세요.",
  employmentRequired: "재직상태를 선택해주세요.",
  resignDateRequired: "퇴사일을 입력해주세요.",
  resignDateFormat: "퇴사일은 YYYY-MM-DD 형식으로 입력해주세요.",
  positionRequired: "직위를 선택해주세요.",
  affiliationRequired: "소속을 선택해주세요.",
  almaMaterRequired: "출신학교를 입력해주세요.",
  photoExtension: "jpg, png 확장자만 등록할 수 있습니다.",
  duplicateStudentId: "중복된 학번이 존재합니다.",
  duplicateEmployeeId: "중복된 사번이 존재합니다.",

  // Excel and files (spec 001 §5, §8)
  xlsxOnly: "xlsx 파일만 등록이 가능합니다.",
  oneFileOnly: "하나의 파일만 선택해 주세요",
  fileTooLarge: "파일당 최대 10MB까지 등록가능합니다.",
  uploadSuccess: "업로드 성공",
  uploadStudentHint: "(학번 중복, 필수항목 입력 등 확인 필요)",
  excelDownloadFailed: "엑셀 다운로드 실패하였습니다.",
  fileDownloadFailed: "파일 다운로드 실패하였습니다.",

  // surveys (spec 000 §5 Survey save, Send; §8)
  surveyNameRequired: "설문명을 입력하세요.",
  surveyPeriodRequired: "응답기한을 모두 선택하세요.",
  surveyPeriodOrder: "설문 응답 시작일이 종료일보다 큽니다.",
  surveyPrivacyRequired: "개인정보수집여부 내용을 입력하세요.",
  surveySubjectRequired: "설문주제를 모두 입력해주세요.",
  surveySectionRequired: "섹션을 모두 입력해주세요.",
  surveyItemsRequired: "설문 문항의 답가지를 모두 입력해주세요.",
  surveyMoveFirst: "맨 처음입니다.",
  surveyMoveLast: "맨 마지막입니다.",
  surveySelectUsers: "사용자를 선택해주세요.",
  surveyCopyFailed: "복사 실패하였습니다.",
  /** spec 002's delete confirmation, used for surveys too */
  surveyConfirmDelete: "정말 삭제하시겠습니까?",

  // privacy-consent forms (spec 001 §5 Consent form, §4 consent page, §8)
  agreeTitleRequired: "제목을 입력해주세요.",
  agreeContentRequired: "내용을 입력해주세요.",
  agreeSelectUser: "사용자를 선택해주세요.",
  agreeDeleted: "삭제되었습니다.",
  /** spec 000 §8 (survey copy), used for consent forms too */
  agreeCopyFailed: "복사 실패하였습니다.",
  agreeDisagreed: "비동의 하셨습니다.",
  agreeSubmitted: "제출이 완료되었습니다.",
  /** spec 002's delete confirmation, used for consent forms too */
  agreeConfirmDelete: "정말 삭제하시겠습니까?",
  // score entry (spec 002 §4, §5, §8; spec 001 §5 "Achievement score")
  confirmCreate: "등록 하시겠습니까?",
  confirmUpdate: "수정 하시겠습니까?",
  confirmDelete: "정말 삭제하시겠습니까?",
  deletedScore: "삭제되었습니다.",
  detailFailed: "데이터 조회에 실패하였습니다.",
  previewEmpty: "데이터가 없습니다",
  noYearCodes: "해당년도에 등록된 공통코드가 없습니다.",
  scoreRequired: "점수를 입력해주세요.",
  // student lookup rows (spec 002 §5)
  lookupNeedsId: "학번을 입력 후 확인버튼을 선택하세요.",
  lookupUnknown: "해당년도에 등록된 학번이 없습니다.",
  lookupNotConfirmed: "학번을 입력 후 확인버튼을 클릭하세요.",
  oneStudentRequired: "한명의 학생은 등록되어야합니다",
  // patient safety (spec 002 §5)
  pssItemMax: "{item} 점수는 {max}점을 넘을 수 없습니다.",
  pssGroupMax: "그룹평가의 총 합은 15점을 넘을 수 없습니다.",
  pssTotalMax: "총점이 100점이 넘습니다. 다시 입력해주세요.",
  pssAllIdsRequired: "학번을 모두 입력해주세요.",
  pssMismatchAny: "학번과 이름이 일치하지 않는 데이터가 존재합니다.",
  pssIdRequired: "학번을 입력하세요.",
  pssMismatch: "학번과 이름이 일치하지 않습니다.",
  // health and medical law (spec 002 §5)
  lawSmstRequired: "학기 및 차수를 입력해주세요.",
  lawTargetRequired: "대상을 선택해주세요.",
  lawScoreOverFull: "학생의 개별성적이 만점보다 클 수 없습니다.",
  // exam question analysis (spec 002 §5, §8)
  eqaConfirm: "시험문항분석을 등록하시겠습니까?",
  eqaCurrNmRequired: "과정명을 입력해주세요.",
  eqaPeriodRequired: "시기를 입력해주세요.",
  eqaAvgStdevBoth: "평균편차를 모두 입력해주세요.",
  eqaGrdBoth: "난이도를 모두 입력해주세요.",
  eqaGrdSeRequired: "난이도 구분을 선택해주세요.",
  eqaDscpBoth: "분별도를 모두 입력해주세요.",
  eqaDscpSeRequired: "분별도 구분을 선택해주세요.",
  eqaMax999: "최대 입력가능한 값은 999입니다.",
  // volunteer and health-care activity (spec 001 §5 "Volunteer and health-care")
  activityStartAfterEnd: "시작일은 종료일보다 클 수 없습니다.",
  activityMaxFiles: "파일은 최대 3개까지만 첨부 가능합니다.",
  activityFileType: "등록 가능한 파일이 아닙니다.",
  activityNameMismatch: "해당 학번의 성명이 일치하지 않습니다.",
  // seminar place (spec 001 §5 "Seminar"); the activity screens ask for their place the same way
  placeRequired: "장소를 입력해주세요.",
  // awards and participation (spec 001 §5 "Awards and participation": the category of the year,
  // the participation dates, at least one winner or participant)
  awardNoCodes: "해당 년도에 등록된 공통코드가 없습니다.",
  awardOneWinner: "한명의 수상자는 등록되어야합니다.",
  // R07 seminars (spec 001 §5 "Seminar"; '시작작일' is the spec's own spelling, kept as written)
  seminarStartRequired: "시작작일을 선택해주세요.",
  seminarEndRequired: "종료일을 선택해주세요.",
  participationDates: "참여일을 다시 확인해 주세요.",
  employeeLookupNotConfirmed: "사번을 입력 후 확인버튼을 클릭하세요.",
  employeeLookupNeedsId: "사번을 입력 후 확인버튼을 선택하세요.",
  employeeLookupUnknown: "해당년도에 등록된 사번이 없습니다.",
  oneParticipantRequired: "한명의 참여자는 등록되어야합니다.",
  // R08/R09 committees, terms and term members (spec 001 §4, §5 "Committee and term")
  committeeYearRequired: "설립연도를 입력하세요.",
  committeeNameRequired: "위원회명을 입력하세요.",
  committeeStatusRequired: "운영상태를 선택하세요.",
  termNameRequired: "기수명을 입력하세요.",
  termStartRequired: "운영시작일을 선택하세요.",
  termEndRequired: "운영종료일을 선택하세요.",
  termPeriod: "운영기간을 확인하세요.",
  termMemberTermRequired: "명단 등록할 기수를 선택해주세요",
  termMemberOneKept: "한명의 명단은 등록되어야합니다.",
  termMemberNoneResolved: "등록할 명단을 확인하세요",
  termMemberDuplicate: "중복된 명단이 존재합니다.",
  // E17 space status (spec 002 §5 "Space status")
  spaceStspLoc: "교육병원 내 학생전용공간 > 위치(호실)명을 모두 입력 해주세요.",
  spaceStfclLoc: "교육병원 내 학생교육시설 > 위치(호실)명을 모두 입력 해주세요.",
  spaceLibraryName: "의학도서관 명을 모두 입력 해주세요.",
  spaceGroupKind: "구분을 모두 입력 해주세요.",
  spaceGroupCount: "총 개수(실)를 모두 입력 해주세요.",
  spaceGroupCapacity: "실당 평균 수용인원(명)을 모두 입력 해주세요.",
  spaceSelfStudyName: "자율학습 공간 명칭을 모두 입력 해주세요.",
  spaceWelfareName: "학생 복지시설 명을 모두 입력 해주세요.",
  spaceConvenienceName: "학생 편의시설 명을 모두 입력 해주세요.",
  spaceManagerContent: "내용 입력란을 모두 입력 해주세요.",
  spaceManagerName: "성명을 모두 입력 해주세요.",
  // P06 data list page (spec 000 §5 "File upload", §8); its extension refusal is activityFileType's text
  dataFileRequired: "파일을 추가해주세요.",
  dataKeywordMax: "키워드는 최대 5개까지만 입력 가능합니다.",
  previewUnsupported: "미리보기를 지원하지 않는 파일 형식입니다. (미리보기 지원 파일: 이미지, pdf)",
  // P15 evaluation indicators (spec 000 §5 "Evaluation indicator")
  indicatorNameRequired: "평가지표를 입력하세요.",
  indicatorCriterionRequired: "평가준거를 입력하세요.",
  indicatorMenuRequired: "추가할 데이터의 자료를 선택해주세요.",
  indicatorNoColumns: "선택할 수 있는 요소가 없습니다.",
  indicatorColumnsRequired: "요소를 선택해주세요.",
  // P16 user administration (spec 000 §5 Send's message, for approving several join requests too)
  memberSelectUsers: "사용자를 선택해주세요.",
  // P17 code management (spec 000 §5 "Code")
  codeGroupRequired: "코드 분류를 입력하세요.",
  codeNameRequired: "코드명을 입력해주세요.",
  codeCopyYearRequired: "불러올 년도를 선택해주세요.",
} as const;

/**
 * Messages the specifications do not give, written by us for the same situations. Kept apart
 * so that a reader knows these are ours, not the legacy system's.
 */
export const OWN_MSG = {
  /** the audit log screen (issue 17, ADR 0028) */
  auditBadPeriod: "조회 기간의 시작일이 종료일보다 늦습니다.",
  loginFailed: "아이디 또는 비밀번호가 일치하지 않습니다.",
  notApproved: "관리자 승인 대기 중인 계정입니다. 승인 후 로그인할 수 있습니다.",
  accountDisabled: "사용이 중지된 계정입니다. 관리자에게 문의하세요.",
  signupDone: "회원가입 신청이 완료되었습니다. 관리자 승인 후 로그인할 수 있습니다.",
  passwordChanged: "비밀번호가 변경되었습니다. 새 비밀번호로 로그인하세요.",
  // profile (spec 000 §5 "Profile edit"; authorities are the administrators' to change, §2 user approval)
  authorityAdminOnly: "권한은 관리자만 변경할 수 있습니다.",
  passwordPending: "입력한 새 비밀번호는 '확인'을 누르면 함께 저장됩니다.",
  csrfRefused: "요청이 만료되었거나 올바르지 않습니다. 페이지를 새로 고친 뒤 다시 시도하세요.",
  loggedOut: "로그아웃 되었습니다.",
  // the session's idle limit (issue 36 item 10, WCAG 2.2.1, ADR 0066): the warning before it, the
  // notice without JavaScript, and a form posted after it keeps what was typed through the sign-in
  sessionIdleNotice: "{minutes}분 동안 사용하지 않으면 자동 로그아웃됩니다.",
  sessionWarningTitle: "로그인 연장",
  sessionWarning: "세션이 곧 만료됩니다. {time}에 자동 로그아웃됩니다. 연장하시겠습니까?",
  sessionExtend: "연장",
  sessionEnded: "세션이 만료되었습니다. 저장하면 다시 로그인한 뒤 입력한 내용을 그대로 보여 드립니다.",
  draftKept: "세션이 만료되어 저장되지 않았습니다. 입력한 내용을 다시 채워 두었으니 확인 후 다시 저장하세요.",
  draftTooLong: "세션이 만료되어 저장되지 않았습니다. 입력한 내용이 길어 보관하지 못했으니 로그인 후 다시 입력하세요.",
  changeExpired: "비밀번호 변경 시간이 지났습니다. 비밀번호 찾기를 다시 진행하세요.",
  // account security (issue 17; ADR 0024): password rules beyond spec 000 §5, the find-password
  // one-time code, the profile's current password and the first administrator's forced change
  passwordTooLong: "비밀번호는 64자 이하로 입력하세요.",
  passwordCommon: "너무 흔히 쓰이는 비밀번호입니다. 다른 비밀번호를 입력하세요.",
  currentPassRequired: "현재 비밀번호를 입력하세요.",
  currentPassWrong: "현재 비밀번호가 일치하지 않습니다.",
  passwordSameAsCurrent: "현재 비밀번호와 다른 비밀번호를 입력하세요.",
  resetCodeRequired: "인증번호를 입력하세요.",
  resetCodeFormat: "인증번호는 숫자 6자리입니다.",
  resetCodeWrong: "인증번호가 일치하지 않습니다. (남은 입력 횟수 {n}회)",
  resetCodeSpent: "인증번호의 유효 시간(10분)이 지났거나 입력 횟수를 넘었습니다. 비밀번호 찾기를 다시 진행하세요.",
  resetCodeTooMany: "인증번호를 너무 여러 번 요청하였습니다. 1시간 뒤에 다시 시도하세요.",
  resetCodeSentMail: "가입할 때 등록한 이메일({to})로 인증번호를 보냈습니다. 10분 안에 입력하세요.",
  resetCodeSentOutbox: "메일 서버가 없어 인증번호를 관리자에게 전달했습니다. 관리자에게 본인 확인을 받고 인증번호를 받아 10분 안에 입력하세요.",
  resetCodeMailSubject: "[의과대학 교육평가] 비밀번호 찾기 인증번호",
  resetCodeMailBody: "{name}님, 비밀번호 찾기 인증번호는 {code}입니다.\n10분 안에 한 번만 쓸 수 있습니다.\n\n본인이 요청하지 않았다면 이 메일을 무시하고 관리자에게 알려주세요.",
  passwordChangedMailSubject: "[의과대학 교육평가] 비밀번호가 변경되었습니다",
  passwordChangedMailBody: "{name}님({id})의 비밀번호가 {time}에 변경되었습니다.\n\n본인이 변경하지 않았다면 곧바로 관리자에게 알려주세요.",
  // issue 37 items 1 and 6 (ADR 0064): the old address hears of a contact change; reset codes have a daily limit
  contactChangedMailSubject: "[의과대학 교육평가] 계정의 연락처 정보가 변경되었습니다",
  contactChangedMailBody: "{name}님({id})의 {what}이(가) {time}에 변경되었습니다.\n이 메일은 변경 전 주소로 보냅니다.\n\n본인이 변경하지 않았다면 곧바로 관리자에게 알려주세요.",
  resetLocked: "비밀번호 찾기를 너무 여러 번 시도하여 이 계정의 비밀번호 찾기가 잠겼습니다. 관리자에게 본인 확인을 받고 비밀번호 초기화를 요청하세요.",
  resetLockedMailSubject: "[의과대학 교육평가] 비밀번호 찾기가 잠겼습니다",
  resetLockedMailBody: "{name}님({id})의 계정에서 {time}까지 비밀번호 찾기 인증번호 요청이나 잘못된 입력이 하루 한도를 넘어 비밀번호 찾기가 잠겼습니다.\n비밀번호로 로그인하는 데에는 영향이 없습니다. 관리자가 비밀번호를 초기화하면 잠금이 풀립니다.\n\n본인이 시도하지 않았다면 관리자에게 알려주세요.",
  memberLockedNote: "비밀번호 찾기가 잠긴 계정입니다(하루 한도 초과). 본인 확인 후 비밀번호를 초기화하면 잠금이 풀립니다.",
  contactNeedsCurrentPass: "이메일이나 연락처를 바꾸려면 현재 비밀번호를 입력하세요.",
  passwordChangeRequired: "초기 비밀번호를 변경해야 합니다. 새 비밀번호로 바꾼 뒤 이용할 수 있습니다.",
  phoneFormat: "연락처는 숫자만 최대 4자리까지 입력 가능합니다.",
  emailFormat: "이메일 형식이 올바르지 않습니다.",
  badRequest: "잘못된 요청입니다.",
  /** issue 33: a call of ours (an extension, docs/contract.md) that the connected legacy server does not have */
  extensionMissing: "연결된 서버가 {what} 기능을 제공하지 않아 이 부분은 표시할 수 없습니다.",
  callMissing: "연결된 서버가 이 기능을 제공하지 않아 표시할 수 없습니다.",
  /** issue 33: P14 on a server without the answer calls: never an error page for a respondent */
  surveyAskUnavailable: "이 설문은 아직 이 주소에서 응답할 수 없습니다. 설문을 보낸 담당자에게 응답 방법을 문의해주세요.",
  // P16 user administration and P17 code management (issue 16, ADR 0040)
  usynRequired: "사용여부를 선택하세요.",
  codeNameTooLong: "코드명은 {max}자 이하로 입력하세요.",
  codeGroupNameTooLong: "코드 분류명은 {max}자 이하로 입력하세요.",
  codeUsageQuestion: "사용여부를 N으로 바꾸면 이 코드를 쓰는 시스템 전체에 적용됩니다. 저장하시겠습니까?",
  codeGroupFull: "이 코드 분류에는 더 이상 코드를 추가할 수 없습니다.",
  /** issue 35 §7: a new code whose parent is not a saved level-1 code (a forged third level) */
  codeThirdLevel: "코드는 2단계까지만 등록할 수 있습니다. 상위 코드는 1단계 코드 중에서 선택해주세요.",
  /** issue 35 §7: a load from another year that loaded nothing, and why */
  codeCopyNothing: "{from}년에 등록된 코드가 없어 불러온 코드가 없습니다.",
  codeCopyAllPresent: "{to}년에 {from}년의 코드가 이미 모두 있어 바뀐 것이 없습니다. 이미 있는 코드는 덮어쓰지 않으니, 코드명과 사용여부는 아래 목록에서 고쳐주세요.",
  codeCopyPartial: "복사 되었습니다. {from}년의 코드 중 {to}년에 없던 {copied}건을 불러왔고, 이미 있던 {kept}건은 그대로 두었습니다.",
  /** issue 35 §7: a category's usage N takes all its codes out of every screen */
  codeGroupUsageQuestion: "코드 분류의 사용여부를 N으로 바꾸면 이 분류의 모든 코드가 시스템 전체에서 선택할 수 없게 됩니다. 저장하시겠습니까?",
  memberInitPass: "초기 비밀번호는 {pass} 입니다. 이 화면을 벗어나면 다시 볼 수 없으니 본인 확인 후 전달하세요. 다음 로그인 때 새 비밀번호로 바꿔야 합니다.",
  memberSelfLock: "자기 계정의 사용을 중지할 수 없습니다.",
  memberPendingNote: "가입 요청 상태입니다. 승인은 사용자 관리 목록의 가입 요청에서 합니다.",
  memberResetNote: "초기 비밀번호로 바꾸고, 다음 로그인 때 새 비밀번호로 바꾸게 합니다. 로그인 중인 세션은 모두 끝납니다.",
  /** issue 35 §7: the reset asks first (it ends the user's sessions) */
  memberResetQuestion: "이 사용자의 비밀번호를 초기화하시겠습니까? 로그인 중인 세션이 모두 끝나고, 새 초기 비밀번호는 이 화면에 한 번만 표시됩니다.",
  /** issue 17: a path whose '%' sequences do not decode (server.js answers 400 with a plain page) */
  malformedPath: "주소에 잘못된 문자가 있습니다. 주소를 확인한 뒤 다시 시도하세요.",
  /** issue 37 item 9: TRACE and TRACK (server.js answers 405 with a plain page) */
  methodNotAllowed: "허용되지 않는 요청 방식입니다.",
  /** issue 37 item 2: a preview of a file that is gone or belongs to a record the user may not see (404, plain page) */
  previewNotFound: "파일을 찾을 수 없거나 볼 수 있는 권한이 없습니다.",
  /** issue 18: a request body over its limit (server.js answers 413 with a plain page; docs/decisions/0027-bounded-bodies.md) */
  bodyTooLarge: "요청 내용이 너무 큽니다. 입력한 내용이나 첨부 파일을 줄인 뒤 다시 시도하세요.",
  /** issue 18: a multipart post with more parts (fields and files) than any form of the product has */
  tooManyParts: "한 번에 보낼 수 있는 항목 수를 넘었습니다. 입력 내용을 줄인 뒤 다시 시도하세요.",
  messageSendForbidden: "메시지 발송 권한이 없습니다.",
  messageSent: "메시지를 발송하였습니다.",
  fileNotFound: "파일을 찾을 수 없습니다.",
  // the second factor (issue 37 item 4, ADR 0068)
  otpRequired: "인증 코드를 입력하세요.",
  otpFormat: "인증 코드는 숫자 6자리입니다.",
  otpWrong: "인증 코드가 일치하지 않습니다. 인증 앱에 지금 표시된 코드를 입력하세요.",
  recoveryRequired: "복구 코드를 입력하세요.",
  recoveryWrong: "복구 코드가 일치하지 않거나 이미 사용한 코드입니다.",
  recoveryUsed: "복구 코드로 로그인하였습니다. 남은 복구 코드는 {n}개입니다. 인증 앱을 잃어버렸다면 2단계 인증을 다시 등록하세요.",
  otpSignInExpired: "로그인 시간이 지났습니다. 다시 로그인 해주세요.",
  otpEnrolRequired: "이 계정은 2단계 인증을 등록해야 이용할 수 있습니다. 인증 앱에 등록한 뒤 앱에 표시된 6자리 코드를 입력하세요.",
  otpEnrolExpired: "등록 시간이 지났습니다. 새 QR 코드로 다시 등록하세요.",
  otpEnrolled: "2단계 인증이 등록되었습니다. 아래 복구 코드를 안전한 곳에 보관하세요. 이 화면을 벗어나면 다시 볼 수 없습니다.",
  otpAlreadyEnrolled: "이미 2단계 인증을 등록하였습니다.",
  otpDisabled: "2단계 인증이 해제되었습니다.",
  otpCannotDisable: "이 계정은 2단계 인증을 해제할 수 없습니다.",
  otpResetQuestion: "이 사용자의 2단계 인증을 초기화하시겠습니까? 인증 앱과 복구 코드가 모두 지워지고, 다음 로그인 때 다시 등록해야 합니다.",
  otpResetDone: "2단계 인증이 초기화되었습니다.",
  otpResetNone: "이 사용자는 2단계 인증을 등록하지 않았습니다.",
  // rate limits (issue 17; docs/decisions/0023-rate-limits.md): {wait} is '30초' or '15분'
  tooManyRequests: "요청이 너무 많습니다. {wait} 후에 다시 시도해주세요.",
  /** a list reply some of whose rows could not be read (app/legacy/wire.ts `list`): {count} is the number left out */
  unreadableRows: "서버 응답 중 읽을 수 없는 행 {count}건은 표시하지 않았습니다.",

  // people records (spec 001 §5 names the rule but not its wording)
  studentIdRequired: "학번을 입력해주세요.",
  studentIdDigits: "학번은 숫자만 입력할 수 있습니다.",
  employeeIdDigits: "사번은 숫자만 입력할 수 있습니다.",
  studentIdTaken: "이미 등록된 학번입니다.",
  employeeIdTaken: "이미 등록된 사번입니다.",
  studentIdReadOnly: "등록된 학번은 수정할 수 없습니다.",
  employeeIdReadOnly: "등록된 사번은 수정할 수 없습니다.",
  admsYearRequired: "입학년도를 선택해주세요.",
  /** spec 001 §9: the admission year options run from 2020 to the current year + 10 */
  admsYearRange: "입학년도는 {first}년부터 {last}년 사이에서 선택해주세요.",
  attnRequired: "학적상태를 선택해주세요.",
  gradeRequired: "학년을 선택해주세요.",
  grdtnYearRequired: "졸업년도를 선택해주세요.",
  birthDateRequired: "생년월일을 모두 선택해주세요.",
  birthDateInvalid: "생년월일을 확인해주세요.",
  birthPlaceRequired: "출신지역을 선택해주세요.",
  highSchoolRequired: "출신고교를 입력해주세요.",
  hsGrdtnYearRequired: "고교 졸업년도를 입력해주세요.",
  admsSlctnRequired: "입학전형을 선택해주세요.",
  genderInvalid: "성별을 선택해주세요.",
  textTooLong: "입력할 수 있는 글자 수를 넘었습니다.",
  fileRequired: "파일을 선택해주세요.",

  // an evaluation-mode Excel download of a menu whose evaluation configures no column
  evalNoColumns: "평가지표에 선택된 요소가 없어 엑셀을 내려받을 수 없습니다.",

  // Excel upload (spec 001 §8 shows counts; the wording is ours)
  uploadCounts: "성공 {success}건, 실패 {fail}건",
  excelUnreadable: "엑셀 파일을 읽을 수 없습니다.",
  excelHeaders: "엑셀 양식의 머리글이 올바르지 않습니다. 양식을 내려받아 사용해주세요.",
  excelEmpty: "등록할 데이터가 없습니다.",
  // a row whose 년도 is not the year the upload was made for (ADR 0061): refused, row by row
  excelYearMismatch: "년도({found})가 선택한 년도({year})와 다릅니다.",
  excelYearRows: "선택한 년도와 다른 년도의 행이 있어 업로드하지 않았습니다. 해당 행의 년도를 고치거나 년도를 바꿔 올려주세요.",
  // the natural-key import's extension counts (ADR 0061)
  uploadBreakdown: "추가 {insert}건, 수정 {update}건, 변경 없음 {unchanged}건",
  uploadNothingChanged: "변경된 내용이 없습니다.",
  excelDuplicateRow: "같은 내용의 행이 엑셀에 이미 있습니다.",
  excelTooManyRows: "한 번에 10,000행까지 등록할 수 있습니다.",
  // a workbook whose zip expands past app/utils/excel.server.ts UNZIP_LIMITS (a zip bomb, issue 18)
  excelTooLarge: "엑셀 파일의 내용이 너무 커서 읽을 수 없습니다. 행과 열을 줄이거나 파일을 나누어 올려주세요.",

  // list calls: paging (docs/contract.md "Paging and sorting"; ours, the legacy lists have none)
  listPage: "페이지 번호는 1 이상의 숫자로 지정해주세요.",
  listSize: "페이지 크기는 1부터 100까지의 숫자로 지정해주세요.",

  // surveys (issue 5: the spec names these rules or pages but gives no wording)
  surveyScoreDigits: "점수는 숫자만 입력 가능합니다.",
  surveyLectureTimeDigits: "강의시간은 숫자만 입력 가능합니다.",
  surveyLectureNameRequired: "강의명을 입력해주세요.",
  surveyQuestionRequired: "설문 문항을 1개 이상 등록해주세요.",
  surveyTooLarge: "설문 문항 또는 답가지가 너무 많습니다.",
  surveyAlreadyLinked: "이미 메뉴에 연결된 설문입니다.",
  surveyLinked: "설문이 메뉴에 연결되었습니다.",
  /** P07 the survey-link dialog's question (spec 000 §4: a survey with linkYn N asks first) */
  surveyConfirmLink: "이 설문을 메뉴에 연결하시겠습니까?",
  surveyLinkCopied: "설문 링크가 복사되었습니다.",
  surveyNotOpen: "지금은 설문 응답 기간이 아닙니다.",
  surveyNotInUse: "현재 사용하지 않는 설문입니다.",
  surveyAlreadyAnswered: "이미 응답을 제출한 설문입니다.",
  /** the public link of a survey sent to people by their personal links (issue 37 item 10) */
  surveyPersonalOnly: "이 설문은 개인별로 보내 드린 응답 링크로만 응답할 수 있습니다. 받은 메일이나 문자의 링크를 이용해 주세요.",
  surveyAnswerRequired: "필수 문항입니다. 응답해주세요.",
  surveyAnswersMissing: "필수 문항에 모두 응답해주세요.",
  surveyLectureChoice: "강의를 선택해주세요.",
  surveyPrivacyAgree: "개인정보 수집·이용에 동의해야 응답을 제출할 수 있습니다.",
  surveySubmitted: "응답이 제출되었습니다. 참여해 주셔서 감사합니다.",
  surveyLinkExpired: "설문 링크의 유효기간이 지났습니다.",
  surveySendNoStudent: "발송할 수 없는 사용자가 포함되어 있습니다.",
  // privacy-consent forms (issue 6: the spec names these situations but gives no wording)
  agreeTitleTooLong: "제목은 200자까지 입력할 수 있습니다.",
  agreeContentTooLong: "내용이 너무 깁니다. 큰 이미지는 '이미지 올리기'로 첨부해주세요.",
  agreeFormNotInUse: "사용하지 않는 동의서는 발송할 수 없습니다.",
  agreeChoiceRequired: "동의 여부를 선택해주세요.",
  agreeNotFound: "요청하신 동의서를 찾을 수 없습니다. 받은 링크를 다시 확인해주세요.",
  imageOnly: "png, jpg, gif, webp 이미지만 등록할 수 있습니다.",
  agreeImageAdded: "이미지를 올려 내용 끝에 넣었습니다. 저장해야 반영됩니다.",
  // E18 exam question analysis (spec 002 §5 names these rules but gives no wording)
  eqaSeRequired: "시험 구분을 선택해주세요.",
  eqaInteger: "{item}은(는) 숫자만 입력할 수 있습니다.",
  eqaDecimals: "{item}은(는) 소수점 {n}자리까지 숫자로 입력할 수 있습니다.",
  eqaNotFound: "해당 번호의 시험문항분석이 없습니다.",
  eqaDuplicateSeq: "중복된 번호가 존재합니다.",
  // R06 education achievement score (spec 001 §5 names these rules but gives no wording)
  achievementScoreDigits: "점수는 숫자만 입력 가능합니다.",
  achievementDuplicate: "중복된 년도와 소속이 존재합니다.",
  // E01 re-learner selection (spec 002 §5 names these rules but gives no wording)
  relearnFlagYn: "재학습 여부는 Y 또는 N으로 입력해주세요.",
  // E04 patient safety scores (spec 002 §5 names these rules but gives no wording)
  pssScoreFormat: "{item} 점수는 숫자로 소수점 둘째 자리까지 입력할 수 있습니다.",
  pssScoreMin: "{item} 점수는 -100점보다 작을 수 없습니다.",
  pssGradeInvalid: "등급은 H, HP, PS, NP 중에서 선택해주세요.",
  pssAlreadyRegistered: "해당년도에 이미 성적이 등록된 학생입니다. 목록에서 수정해주세요. (학번 {id})",
  pssNotFound: "해당 환자안전 교과목 성적이 없습니다.",
  // student lookup rows: a confirmed number that was edited afterwards (the spec resets it silently)
  lookupChanged: "학번이 바뀌었습니다. 다시 확인해주세요.",
  // E06 health and medical law (spec 002 §5 names these rules but gives no wording)
  lawSubjectRequired: "과목을 선택해주세요.",
  lawTotalRequired: "만점을 입력해주세요.",
  lawTotalDigits: "만점은 숫자만 최대 3자리까지 입력할 수 있습니다.",
  lawScoreDigits: "점수는 숫자만 최대 3자리까지 입력할 수 있습니다.",
  lawTooManyStudents: "한 번에 300명까지 등록할 수 있습니다.",
  // synced reports (issue 12: spec 000 §2 and spec 002 §2 describe the sync but give no wording)
  syncDone: "동기화 되었습니다. ({count}건)",
  syncRunning: "이 자료의 동기화가 이미 진행 중입니다. 끝난 뒤 다시 시도해주세요.",
  syncCooldown: "최근 동기화 후 10분이 지나야 다시 동기화할 수 있습니다. ({time}부터 가능)",
  syncFailed: "동기화에 실패하였습니다. 이전 자료를 그대로 보여줍니다.",
  syncInProgress: "동기화 중입니다. 원본 시스템에서 자료를 가져오고 있습니다.",
  syncNever: "아직 동기화한 적이 없습니다.",
  syncScheduleMissed: "{slot} 정기 동기화가 실행되지 않았습니다. 지금 자료는 그 이전에 가져온 것입니다.",
  syncScheduleFailed: "{slot} 정기 동기화가 실패하였습니다. 지금 자료는 그 이전에 가져온 것입니다.",
  // link sends as jobs (issue 18 "Long work", ADR 0030): the spec's message is MSG.sent; these
  // tell the progress and the outcome of the mails that go out after it
  jobRunning: "메일을 보내는 중입니다. ({done}/{total}명)",
  jobSomeFailed: "{failed}명에게 메일을 보내지 못했습니다. '다시 보내기'를 누르면 보내지 못한 사람에게만 다시 보냅니다.",
  jobAlreadySent: "이미 접수된 발송입니다. 같은 사람에게 두 번 보내지 않습니다.",
  jobInterrupted: "발송 중 서버가 다시 시작되어 전달 여부를 확인하지 못했습니다.",
  jobRetried: "보내지 못한 사람에게 다시 보내는 중입니다.",
  jobNothingToRetry: "다시 보낼 사람이 없습니다.",
  // R15/R16 volunteer and health-care activity (spec 001 §5 names these rules but gives no wording)
  activityStartRequired: "시작일을 입력해주세요.",
  activityEndRequired: "종료일을 입력해주세요.",
  activityDateFormat: "날짜는 YYYY-MM-DD 형식으로 입력해주세요.",
  activityHoursRequired: "활동시간을 입력해주세요.",
  activityHoursDigits: "활동시간은 1부터 999까지의 숫자로 입력해주세요.",
  activityCountryRequired: "국가를 입력해주세요.",
  activityNotFound: "해당 활동 자료가 없습니다.",
  // R17 awards and participation (spec 001 §5 names these rules but gives no wording)
  awardNameRequired: "프로그램명을 입력해주세요.",
  awardDateRequired: "수상일을 입력해주세요.",
  awardNotFound: "해당 프로그램이 없습니다.",
  // R07 seminars (spec 001 §5 names these rules but gives no wording)
  seminarCategoryRequired: "구분을 선택해주세요.",
  placeCdRequired: "장소 구분(교내, 교외)을 선택해주세요.",
  employeeLookupChanged: "사번이 바뀌었습니다. 다시 확인해주세요.",
  seminarTooManyUsers: "한 번에 100명까지 등록할 수 있습니다.",
  // R08 committees (spec 001 §5 names the year's rule but not a year outside the list)
  committeeYearRange: "설립연도는 1990년부터 올해까지 선택할 수 있습니다.",
  committeeNotFound: "해당 위원회가 없습니다.",
  termNotFound: "해당 기수가 없습니다.",
  // R09 a member's active flag (spec 001 §3 actvtYn; its call user/updateActvtYn.do is ours)
  memberNotFound: "해당 명단이 없습니다.",
  memberActvtUnavailable: "연결된 서버가 명단의 활동 상태 변경 기능을 제공하지 않아 변경할 수 없습니다.",
  // R09 (spec 001 §2 says a term can be copied, with no question's wording)
  termConfirmCopy: "기수를 복사하시겠습니까?",
  // E05 reflection summary (spec 002 §2 screen 5: 'load data' looks disabled outside evaluation mode; no wording given)
  loadDataEvalOnly: "데이터 불러오기는 평가 화면에서 사용할 수 있습니다.",
  // P18 student analysis (the spec gives the page no content: ADR 0042)
  analysisUnread: "일부 자료를 불러오지 못해 해당 열을 비워 두었습니다.",
  // E17 space status (spec 002 §5: hours and minutes take 2 digits; text lengths are not given)
  spaceTimeLength: "{item}은(는) 2자리까지 입력할 수 있습니다.",
  spaceTextTooLong: "{n}자까지 입력할 수 있습니다.",
  /** a post (without JavaScript) with a professional-staff count and 'none' both given (spec 002 §4: each clears the other) */
  spaceProPerBoth: "전문 인력 수와 '전문 인력 없음'은 함께 입력할 수 없습니다. 둘 중 하나만 입력해주세요.",
  /** an equipment count posted with its '보유' box unticked (the same rule: neither is dropped) */
  spaceEqpBoth: "{item}: 보유 수량을 입력하려면 '보유'에 체크해주세요. 보유하지 않으면 수량을 지워주세요.",
  /** an OSCE centre '없음' posted with its location or counts (the same rule: neither is dropped) */
  spaceOsceBoth: "OSCE 센터 '없음'과 OSCE 센터의 위치·실 수는 함께 입력할 수 없습니다. '있음'을 선택하거나 위치와 실 수를 지워주세요.",
  // E16 PBL tutor evaluation (spec 002 §2 screen 16: the list needs a chosen student)
  tutorStudentRequired: "학생을 선택해주세요.",
  tutorPickStudent: "학생을 검색하여 선택하면 튜터 평가 목록이 표시됩니다.",
  // P06 data files (spec 000 §5 names no limit of files a post or of a keyword's length)
  dataTooManyFiles: "파일은 한 번에 5개까지 등록할 수 있습니다.",
  dataKeywordTooLong: "키워드는 모두 합쳐 500자까지 입력할 수 있습니다.",
  dataMenuNotFound: "자료실 메뉴가 아닙니다.",
  dataFileNotFound: "해당 파일이 없습니다.",
  dataUploading: "파일을 올리는 중입니다.",
  // P15 evaluation indicators (spec 000 §5 names the rule for menu 78's Excel but gives no wording; ADR 0039)
  indicatorOneYearExcel: "이 자료의 엑셀은 년도를 하나만 선택해야 내려받을 수 있습니다.",
  indicatorNotFound: "해당 평가지표가 없습니다.",
  indicatorPageOnly: "평가지표 메뉴가 아닙니다.",
  indicatorBadColumn: "이 자료에 없는 요소가 있습니다.",
  indicatorYearRange: "년도는 2025년부터 올해까지 선택할 수 있습니다.",
  indicatorConfirmDeleteMenu: "연결된 데이터를 삭제하시겠습니까?",
  evidenceCover: "표지",
  // issue 35 class 6 (ADR 0062): nothing a user saved disappears — deletes refused while answers hang from the record
  agreeAnsweredNoDelete: "응답이 있는 동의서는 삭제할 수 없습니다.",
  surveyAnsweredNoDelete: "응답이 있는 설문은 삭제할 수 없습니다.",
  surveyAnsweredQuestion: "응답이 있는 문항과 답가지는 삭제할 수 없습니다.",
  personAgreedNoDelete: "개인정보 동의서에 응답한 기록이 있는 사람은 삭제할 수 없습니다.",
  // issue 35 class 5 (ADR 0062): a child posted under another parent
  attachmentNotFound: "해당 첨부파일이 없습니다.",
  recipientNotOnList: "발송 목록에 없는 사람이 있습니다.",
  // issue 37 item 7 (ADR 0067): a survey recipient outside what the add dialog offers the user
  recipientOutsideReach: "발송 대상으로 추가할 수 없는 사람이 있습니다. 발송 대상 추가 목록의 학생만 추가할 수 있습니다.",
  spaceOtherYear: "보고 있는 년도와 다른 년도로는 저장할 수 없습니다.",
} as const;

/**
 * The fallback of every zod rule that names no message of its own (app/schemas/zod.ts installs
 * them as zod's error map, on the server, in the browser and in the embedded backend): Korean,
 * and each says what is allowed ({max}, {min} are the rule's own limits). Ours (issue 35).
 */
export const ZOD_MSG = {
  required: "값을 입력해주세요.",
  invalidType: "입력 형식이 올바르지 않습니다.",
  textTooLong: "{max}자 이하로 입력해주세요.",
  textTooShort: "{min}자 이상 입력해주세요.",
  textExact: "{n}자로 입력해주세요.",
  numberTooBig: "{max} 이하의 값을 입력해주세요.",
  numberTooSmall: "{min} 이상의 값을 입력해주세요.",
  numberBelow: "{max}보다 작은 값을 입력해주세요.",
  numberAbove: "{min}보다 큰 값을 입력해주세요.",
  tooManyItems: "{max}개까지 입력할 수 있습니다.",
  tooFewItems: "{min}개 이상 입력해주세요.",
  notInteger: "정수를 입력해주세요.",
  notMultiple: "{n}의 배수로 입력해주세요.",
  notFinite: "올바른 숫자를 입력해주세요.",
  choose: "목록에 있는 값을 선택해주세요.",
  invalidDate: "날짜를 확인해주세요.",
  invalidFormat: "입력 형식이 올바르지 않습니다.",
  invalid: "입력값을 확인해주세요.",
} as const;

/**
 * Ranges a person would never enter (issue 35 class 4): the messages say what is allowed. Ours;
 * the specification names no range for dates and times.
 */
export const RANGE_MSG = {
  /** a date of a record outside the window of its year (stated per screen in its schema) */
  dateWindow: "{item}은(는) {from}부터 {to}까지의 날짜로 입력해주세요.",
  /** a time outside 00:00–23:59 */
  hourRange: "{item}은(는) 00부터 23까지 입력해주세요.",
  minuteRange: "{item}은(는) 00부터 59까지 입력해주세요.",
  /** a count outside its range */
  countRange: "{item}은(는) {min}부터 {max}까지 입력해주세요.",
  /** a year outside the screen's year list */
  yearRange: "년도는 {first}년부터 {last}년까지 선택할 수 있습니다.",
  /** a text longer than its rule, with the field's name */
  itemTooLong: "{item}은(는) {max}자 이하로 입력해주세요.",
  /** a refused form whose file inputs a browser cannot restore */
  filesAgain: "첨부할 파일은 다시 선택해주세요.",
} as const;

/** Fills '{name}' placeholders of a message. */
export const fillMessage = (message: string, values: Record<string, string | number>) =>
  message.replace(/\{(\w+)\}/g, (all, k: string) => (k in values ? String(values[k]) : all));

export type MessageKey = keyof typeof MSG;
