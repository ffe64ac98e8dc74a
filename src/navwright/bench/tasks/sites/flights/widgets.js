(function(){
var AIRPORTS = JSON.parse(document.getElementById('airports').textContent);
document.querySelectorAll('[data-airport]').forEach(function(input){
  var hidden = document.getElementById(input.dataset.airport), list = document.getElementById(input.id + '-list');
  function close(){ list.hidden = true; input.setAttribute('aria-expanded','false'); }
  function choose(a){ input.value = a.city + ' (' + a.code + ')'; hidden.value = a.code; close();
    var err = document.getElementById(input.id + '-error'); if (err) err.hidden = true; }
  input.addEventListener('input', function(){
    hidden.value = ''; var q = input.value.trim().toLowerCase(); list.innerHTML = '';
    if (q.length < 2) { close(); return; }
    var hits = AIRPORTS.filter(function(a){ return (a.city + ' ' + a.code + ' ' + a.name).toLowerCase().indexOf(q) >= 0; });
    hits.slice(0, 6).forEach(function(a){ var li = document.createElement('li'); li.setAttribute('role','option');
      li.innerHTML = a.city + ' (' + a.code + ')<small>' + a.name + '</small>';
      li.addEventListener('mousedown', function(e){ e.preventDefault(); choose(a); }); list.appendChild(li); });
    if (!hits.length) { list.innerHTML = '<li class="muted" style="padding:8px 10px">No airports found</li>'; }
    list.hidden = false; input.setAttribute('aria-expanded','true');
  });
  input.addEventListener('blur', function(){ setTimeout(close, 150); });
});
var field = document.getElementById('depart-display');
if (!field) return;
var hiddenDate = document.getElementById('date'), cal = document.getElementById('calendar');
var today = new Date(cal.dataset.today + 'T00:00:00'), shown = new Date(today.getFullYear(), today.getMonth(), 1);
var MONTHS = ['January','February','March','April','May','June','July','August','September','October','November','December'];
function pad(n){ return (n < 10 ? '0' : '') + n; }
function draw(){
  var y = shown.getFullYear(), m = shown.getMonth(), first = (new Date(y, m, 1).getDay() + 6) % 7, days = new Date(y, m + 1, 0).getDate();
  var html = '<div class="head"><button type="button" data-step="-1" aria-label="Previous month">‹</button><b>' + MONTHS[m] + ' ' + y +
    '</b><button type="button" data-step="1" aria-label="Next month">›</button></div><table><tr><th>Mo</th><th>Tu</th><th>We</th><th>Th</th><th>Fr</th><th>Sa</th><th>Su</th></tr><tr>';
  for (var i = 0; i < first; i++) html += '<td></td>';
  for (var d = 1; d <= days; d++) { var date = new Date(y, m, d), iso = y + '-' + pad(m + 1) + '-' + pad(d);
    html += '<td><button type="button" data-day="' + iso + '" aria-label="' + d + ' ' + MONTHS[m] + ' ' + y + '"' + (date < today ? ' disabled' : '') + '>' + d + '</button></td>';
    if ((first + d) % 7 === 0) html += '</tr><tr>'; }
  cal.innerHTML = html + '</tr></table>';
}
function open(){ draw(); cal.hidden = false; }
field.addEventListener('click', open);
document.getElementById('depart-button').addEventListener('click', open);
cal.addEventListener('click', function(e){ e.stopPropagation(); var b = e.target.closest('button'); if (!b) return;
  if (b.dataset.step) { shown = new Date(shown.getFullYear(), shown.getMonth() + Number(b.dataset.step), 1); draw(); return; }
  if (b.dataset.day) { hiddenDate.value = b.dataset.day; var p = b.dataset.day.split('-');
    field.value = Number(p[2]) + ' ' + MONTHS[Number(p[1]) - 1].slice(0, 3) + ' ' + p[0]; cal.hidden = true;
    var err = document.getElementById('date-error'); if (err) err.hidden = true; } });
document.addEventListener('click', function(e){ if (!cal.hidden && !e.target.closest('.datefield')) cal.hidden = true; });
})();
