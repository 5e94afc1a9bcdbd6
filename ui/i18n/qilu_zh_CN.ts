<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="zh_CN" sourcelanguage="en">
    <context>
        <name>AidsGroup</name>
        <message>
            <source>Aids</source>
            <translation>辅助</translation>
        </message>
        <message>
            <source>Turn timer</source>
            <translation>出牌计时</translation>
        </message>
        <message>
            <source>Thinking time for each of your moves</source>
            <translation>每一步的思考时间</translation>
        </message>
        <message>
            <source>%1 s</source>
            <translation>%1秒</translation>
        </message>
        <message>
            <source>None</source>
            <translation>不限</translation>
        </message>
        <message>
            <source>Card counter</source>
            <translation>记牌器</translation>
        </message>
        <message>
            <source>Shows the cards not yet played beside the table</source>
            <translation>在桌边显示场上还没出的牌</translation>
        </message>
        <message>
            <source>Tutor</source>
            <translation>新手讲解</translation>
        </message>
        <message>
            <source>At each of your decisions: what is legal and why (with the rule id)</source>
            <translation>轮到你时说明能怎么出、为什么（附规则编号）</translation>
        </message>
    </context>
    <context>
        <name>AppBridge</name>
        <message>
            <source>%1 moves</source>
            <translation>%1 步</translation>
        </message>
    </context>
    <context>
        <name>AutoPill</name>
        <message>
            <source>Auto-play on · cancel</source>
            <translation>托管中 · 取消</translation>
        </message>
    </context>
    <context>
        <name>Board</name>
        <message>
            <source>wall</source>
            <translation>余</translation>
        </message>
        <message>
            <source>tiles</source>
            <translation>张</translation>
        </message>
        <message>
            <source>Hint</source>
            <translation>提示</translation>
        </message>
        <message>
            <source>Latest</source>
            <translation>最新</translation>
        </message>
        <message>
            <source>Discard</source>
            <translation>打出</translation>
        </message>
        <message>
            <source>Chow · pick a run (1/2/3, or ←/→ and Enter)</source>
            <translation>吃 · 选一组顺子（1/2/3 或 ←/→ 加回车）</translation>
        </message>
        <message>
            <source>Tile count</source>
            <translation>牌张计数</translation>
        </message>
        <message>
            <source>Copies you have not seen</source>
            <translation>未见张数 · 不含你的手牌与明牌</translation>
        </message>
        <message>
            <source>Your waits</source>
            <translation>你的听张</translation>
        </message>
        <message>
            <source>Rows: crak, dot, bam · 1–9</source>
            <translation>万 饼 条 按 1–9</translation>
        </message>
        <message>
            <source>Game log</source>
            <translation>牌局记录</translation>
        </message>
        <message>
            <source>Drawn</source>
            <translation>摸牌</translation>
        </message>
        <message>
            <source>Win</source>
            <translation>胡</translation>
        </message>
    </context>
    <context>
        <name>ChatPanel</name>
        <message>
            <source>Chat</source>
            <translation>聊天</translation>
        </message>
        <message>
            <source>(no messages yet)</source>
            <translation>（还没有消息）</translation>
        </message>
        <message>
            <source>Say something…</source>
            <translation>说点什么…</translation>
        </message>
        <message>
            <source>Send</source>
            <translation>发送</translation>
        </message>
    </context>
    <context>
        <name>Home</name>
        <message>
            <source>Qilu Cards</source>
            <translation>齐鲁牌局</translation>
        </message>
        <message>
            <source>齐鲁牌局 · %1</source>
            <comment>the app's name in the other UI language, then the subtitle</comment>
            <translation>Qilu Cards · %1</translation>
        </message>
        <message>
            <source>Shandong card and tile games</source>
            <translation>山东扑克与麻将</translation>
        </message>
        <message>
            <source>Continue</source>
            <comment>continue</comment>
            <translation>继续上一局</translation>
        </message>
        <message>
            <source>New game</source>
            <translation>新游戏</translation>
        </message>
        <message>
            <source>LAN</source>
            <translation>局域网</translation>
        </message>
        <message>
            <source>Replays</source>
            <translation>回放</translation>
        </message>
        <message>
            <source>Rules</source>
            <translation>规则</translation>
        </message>
        <message>
            <source>Settings</source>
            <translation>设置</translation>
        </message>
    </context>
    <context>
        <name>Lan</name>
        <message>
            <source>LAN</source>
            <translation>局域网</translation>
        </message>
        <message>
            <source>One player hosts, the others join on the same network; bots fill open seats and play for anyone who drops.</source>
            <translation>一人开桌，其他人在同一局域网加入；空位由电脑补上，掉线的玩家由电脑托管。</translation>
        </message>
        <message>
            <source>Back</source>
            <translation>返回</translation>
        </message>
        <message>
            <source>Host a table</source>
            <translation>开桌（房主）</translation>
        </message>
        <message>
            <source>Game and rules come from the New game page: </source>
            <translation>玩法和规则取自“新游戏”页：</translation>
        </message>
        <message>
            <source>Open table</source>
            <translation>开桌</translation>
        </message>
        <message>
            <source>Start the match</source>
            <translation>开始对局</translation>
        </message>
        <message>
            <source>Close</source>
            <translation>关闭</translation>
        </message>
        <message>
            <source>Players connect to: </source>
            <translation>其他玩家连接：</translation>
        </message>
        <message>
            <source>Your last table was not finished</source>
            <translation>上次的牌桌没有打完</translation>
        </message>
        <message>
            <source>%1 moves · </source>
            <translation>已走 %1 步 · </translation>
        </message>
        <message>
            <source>Resume last table</source>
            <translation>继续上次的房间</translation>
        </message>
        <message>
            <source>Join a table</source>
            <translation>加入牌桌</translation>
        </message>
        <message>
            <source>Connect</source>
            <translation>连接</translation>
        </message>
        <message>
            <source>Tables on this network</source>
            <translation>局域网内的牌桌</translation>
        </message>
        <message>
            <source>(none found yet; you can type an address)</source>
            <translation>（暂未发现；也可以直接输入地址）</translation>
        </message>
        <message>
            <source>Seats</source>
            <translation>座位</translation>
        </message>
        <message>
            <source>Rules: </source>
            <translation>规则：</translation>
        </message>
        <message>
            <source> · auto</source>
            <translation> · 托管</translation>
        </message>
        <message>
            <source>Sit here</source>
            <translation>坐这里</translation>
        </message>
        <message>
            <source>Open seat</source>
            <translation>改为空位</translation>
        </message>
        <message>
            <source>Bot</source>
            <translation>电脑</translation>
        </message>
    </context>
    <context>
        <name>LanBridge</name>
        <message>
            <source>waiting for players</source>
            <translation>等待玩家加入</translation>
        </message>
        <message>
            <source>playing</source>
            <translation>对局中</translation>
        </message>
        <message>
            <source>match over</source>
            <translation>对局已结束</translation>
        </message>
    </context>
    <context>
        <name>LeaveConfirm</name>
        <message>
            <source>Leave the table?</source>
            <translation>离开牌桌？</translation>
        </message>
        <message>
            <source>A bot plays your seat once you leave; join again from this computer to take it back.</source>
            <translation>离开后电脑托管你的座位；用同一台电脑重新加入可以回到座位。</translation>
        </message>
        <message>
            <source>Stay</source>
            <translation>留在牌桌</translation>
        </message>
        <message>
            <source>Leave</source>
            <translation>离开</translation>
        </message>
    </context>
    <context>
        <name>Main</name>
        <message>
            <source>Qilu Cards</source>
            <translation>齐鲁牌局</translation>
        </message>
    </context>
    <context>
        <name>NewGame</name>
        <message>
            <source>New game</source>
            <translation>新游戏</translation>
        </message>
        <message>
            <source>Choose the game, the rules and your opponents, then start</source>
            <translation>选择玩法、规则和对手，然后开始</translation>
        </message>
        <message>
            <source>Game</source>
            <translation>玩法</translation>
        </message>
        <message>
            <source>Preset</source>
            <translation>规则预设</translation>
        </message>
        <message>
            <source>%1 changed</source>
            <translation>已改 %1 项</translation>
        </message>
        <message>
            <source>Restore preset</source>
            <translation>恢复预设</translation>
        </message>
        <message>
            <source>Look</source>
            <translation>外观</translation>
        </message>
        <message>
            <source>Rules</source>
            <translation>规则</translation>
        </message>
        <message>
            <source>Seats</source>
            <translation>座位</translation>
        </message>
        <message>
            <source>All bots</source>
            <translation>全部设为</translation>
        </message>
        <message>
            <source>Opposite</source>
            <translation>对头</translation>
        </message>
        <message>
            <source>Human (you)</source>
            <translation>真人（你）</translation>
        </message>
        <message>
            <source>Seed</source>
            <translation>随机种子</translation>
        </message>
        <message>
            <source>blank = random</source>
            <translation>留空 = 随机</translation>
        </message>
        <message>
            <source>Blank = random; same seed + same rules = same deal</source>
            <translation>留空 = 随机；相同种子 + 相同规则 = 相同发牌</translation>
        </message>
        <message>
            <source>Start</source>
            <translation>开 始</translation>
        </message>
    </context>
    <context>
        <name>ReplayBoard</name>
        <message>
            <source>Wall %1</source>
            <translation>余 %1 张</translation>
        </message>
        <message>
            <source>Dealer</source>
            <translation>庄</translation>
        </message>
    </context>
    <context>
        <name>Replays</name>
        <message>
            <source>Replays</source>
            <translation>回放</translation>
        </message>
        <message>
            <source>Back</source>
            <translation>返回</translation>
        </message>
        <message>
            <source>No replays yet: finished sets are kept here</source>
            <translation>还没有回放：打完一回合后自动保存</translation>
        </message>
        <message>
            <source>◀ Back</source>
            <translation>◀ 上一步</translation>
        </message>
        <message>
            <source>Pause</source>
            <translation>暂停</translation>
        </message>
        <message>
            <source>Play</source>
            <comment>replayPlay</comment>
            <translation>播放</translation>
        </message>
        <message>
            <source>Forward ▶</source>
            <translation>下一步 ▶</translation>
        </message>
        <message>
            <source>Step %1 / %2</source>
            <translation>第 %1 / %2 步</translation>
        </message>
        <message>
            <source>Table</source>
            <translation>桌面</translation>
        </message>
    </context>
    <context>
        <name>Results</name>
        <message>
            <source>Back to the results</source>
            <translation>返回结果</translation>
        </message>
        <message>
            <source>View table</source>
            <translation>看牌桌</translation>
        </message>
        <message>
            <source>Place</source>
            <translation>名次</translation>
        </message>
        <message>
            <source>Place pts</source>
            <translation>名次分</translation>
        </message>
        <message>
            <source>Score</source>
            <translation>得分</translation>
        </message>
        <message>
            <source>Total</source>
            <translation>累计</translation>
        </message>
        <message>
            <source>Tribute next set</source>
            <translation>下回合进贡</translation>
        </message>
        <message>
            <source>none</source>
            <translation>无</translation>
        </message>
        <message>
            <source>Close</source>
            <translation>关闭</translation>
        </message>
        <message>
            <source>%1 (%2 s)</source>
            <translation>%1（%2 秒）</translation>
        </message>
        <message>
            <source>Play again</source>
            <translation>再来一局</translation>
        </message>
        <message>
            <source>Review</source>
            <translation>复盘</translation>
        </message>
        <message>
            <source>Home</source>
            <translation>回到主页</translation>
        </message>
    </context>
    <context>
        <name>Review</name>
        <message>
            <source>Review · what the strong bot would play</source>
            <translation>复盘 · 高手会怎么打</translation>
        </message>
        <message>
            <source>Played out only from the cards you could see then; command: python -m engine.review --log REPLAY --seat N</source>
            <translation>只用你当时能看到的牌推演；命令：python -m engine.review --log 回放文件 --seat 座位</translation>
        </message>
        <message>
            <source>Replay</source>
            <comment>reviewJump</comment>
            <translation>看回放</translation>
        </message>
        <message>
            <source>Close</source>
            <translation>关闭</translation>
        </message>
    </context>
    <context>
        <name>RulesPanel</name>
        <message>
            <source>Rules summary</source>
            <translation>规则摘要</translation>
        </message>
        <message>
            <source>Find a rule: type its id or a word</source>
            <translation>查规则：输入编号或字词</translation>
        </message>
        <message>
            <source>Rule %1 is not in this summary</source>
            <translation>规则 %1 不在本摘要中</translation>
        </message>
        <message>
            <source>No rule matches</source>
            <translation>没有找到相关的规则</translation>
        </message>
        <message>
            <source>Options at this table</source>
            <translation>本桌规则选项</translation>
        </message>
    </context>
    <context>
        <name>ScoreSheet</name>
        <message>
            <source>Score sheet</source>
            <translation>计分表</translation>
        </message>
        <message>
            <source>No set finished yet</source>
            <translation>还没有打完的回合</translation>
        </message>
    </context>
    <context>
        <name>SettingsPanel</name>
        <message>
            <source>Settings</source>
            <translation>设置</translation>
        </message>
        <message>
            <source>Your name</source>
            <translation>你的名字</translation>
        </message>
        <message>
            <source>You</source>
            <translation>海风</translation>
        </message>
        <message>
            <source>Language</source>
            <translation>语言</translation>
        </message>
        <message>
            <source>Animation speed</source>
            <translation>动画速度</translation>
        </message>
        <message>
            <source>Off</source>
            <translation>关</translation>
        </message>
        <message>
            <source>Fast</source>
            <translation>快</translation>
        </message>
        <message>
            <source>Normal</source>
            <comment>animNormal</comment>
            <translation>正常</translation>
        </message>
        <message>
            <source>Slow</source>
            <translation>慢</translation>
        </message>
        <message>
            <source>Sound</source>
            <translation>音效</translation>
        </message>
        <message>
            <source>Tutor</source>
            <translation>新手讲解</translation>
        </message>
        <message>
            <source>At each of your decisions: what is legal and why (with the rule id)</source>
            <translation>轮到你时说明能怎么出、为什么（附规则编号）</translation>
        </message>
        <message>
            <source>Card counter</source>
            <translation>记牌器</translation>
        </message>
        <message>
            <source>Shows the cards not yet played beside the table</source>
            <translation>在桌边显示场上还没出的牌</translation>
        </message>
        <message>
            <source>Card size</source>
            <translation>牌面大小</translation>
        </message>
        <message>
            <source>Small</source>
            <translation>小</translation>
        </message>
        <message>
            <source>Medium</source>
            <translation>中</translation>
        </message>
        <message>
            <source>Large</source>
            <translation>大</translation>
        </message>
        <message>
            <source>Hand order</source>
            <translation>手牌排序</translation>
        </message>
        <message>
            <source>Low to high</source>
            <translation>从小到大</translation>
        </message>
        <message>
            <source>High to low</source>
            <translation>从大到小</translation>
        </message>
        <message>
            <source>Turn timer</source>
            <translation>出牌计时</translation>
        </message>
        <message>
            <source>%1 s</source>
            <translation>%1秒</translation>
        </message>
        <message>
            <source>None</source>
            <translation>不限</translation>
        </message>
        <message>
            <source>Auto-play grace</source>
            <translation>托管宽限</translation>
        </message>
        <message>
            <source>Extra seconds after a timeout before auto-play</source>
            <translation>超时后再等几秒才自动托管</translation>
        </message>
        <message>
            <source>Close</source>
            <translation>关闭</translation>
        </message>
    </context>
    <context>
        <name>Swatches</name>
        <message>
            <source>Felt</source>
            <translation>桌布</translation>
        </message>
        <message>
            <source>Card back</source>
            <translation>牌背</translation>
        </message>
    </context>
    <context>
        <name>Table</name>
        <message>
            <source>Us</source>
            <translation>我方</translation>
        </message>
        <message>
            <source>Them</source>
            <translation>对方</translation>
        </message>
        <message>
            <source>Chat</source>
            <translation>聊天</translation>
        </message>
        <message>
            <source>Card counter</source>
            <translation>记牌器</translation>
        </message>
        <message>
            <source>Replay</source>
            <translation>回放</translation>
        </message>
        <message>
            <source>Last results</source>
            <translation>上局结果</translation>
        </message>
        <message>
            <source>Score sheet</source>
            <translation>计分表</translation>
        </message>
        <message>
            <source>Auto</source>
            <translation>托管</translation>
        </message>
        <message>
            <source>Rules</source>
            <translation>规则</translation>
        </message>
        <message>
            <source>Tribute</source>
            <translation>进贡</translation>
        </message>
        <message>
            <source>Return</source>
            <translation>还贡</translation>
        </message>
        <message>
            <source>Play starts</source>
            <translation>开始出牌</translation>
        </message>
        <message>
            <source>Unseen · not counting your hand</source>
            <translation>场上未出 · 不含你的手牌</translation>
        </message>
        <message>
            <source>This round</source>
            <translation>本轮记录</translation>
        </message>
        <message>
            <source>Auto-play · click to cancel</source>
            <translation>托管中 · 点击取消</translation>
        </message>
    </context>
    <context>
        <name>TutorCards</name>
        <message>
            <source>How to play</source>
            <translation>玩法讲解</translation>
        </message>
        <message>
            <source>rule %1</source>
            <translation>规则 %1</translation>
        </message>
        <message>
            <source>%1 / %2</source>
            <translation>%1 / %2</translation>
        </message>
        <message>
            <source>Back</source>
            <comment>tutorPrev</comment>
            <translation>上一张</translation>
        </message>
        <message>
            <source>Next</source>
            <translation>下一张</translation>
        </message>
        <message>
            <source>Got it</source>
            <translation>知道了</translation>
        </message>
    </context>
    <context>
        <name>TutorLine</name>
        <message>
            <source>How to play</source>
            <translation>玩法讲解</translation>
        </message>
    </context>
</TS>
