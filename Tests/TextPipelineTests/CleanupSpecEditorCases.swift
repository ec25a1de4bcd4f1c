import Testing

@testable import TextPipeline

extension CleanupSpecTests {
  /// Fillers, stutters, corrections, spoken punctuation, lists and numbers: raw engine text and what a careful
  /// editor writes.
  static let editorCases: [GoldenCase] = [
    GoldenCase("um I think we should uh go now", "um I think we should uh go now", "I think we should go now."),
    GoldenCase("uh can you send me the file", "uh can you send me the file", "Can you send me the file?"),
    GoldenCase("So, um, what time works for you?", "So, um, what time works for you?", "So what time works for you?"),
    GoldenCase("I, uh, I don't know.", "I, uh, I don't know.", "I don't know."),
    GoldenCase("Hmm, let me think about it.", "Hmm, let me think about it.", "Let me think about it."),
    GoldenCase("Er, that's not what I meant.", "Er, that's not what I meant.", "That's not what I meant."),
    GoldenCase("UM, okay, sounds good.", "UM, okay, sounds good.", "Okay, sounds good."),
    GoldenCase("The the meeting is at noon.", "The the meeting is at noon.", "The meeting is at noon."),
    GoldenCase("I I I can't believe it.", "I I I can't believe it.", "I can't believe it."),
    GoldenCase("We we're almost there.", "We we're almost there.", "We're almost there."),
    GoldenCase("Can you can you hear me?", "Can you can you hear me?", "Can you hear me?"),
    GoldenCase("th- the report is ready", "th- the report is ready", "The report is ready."),
    GoldenCase(
      "Let's go to the the park and and play.", "Let's go to the the park and and play.",
      "Let's go to the park and play."),
    GoldenCase("It's, like, really far.", "It's, like, really far.", "It's really far."),
    GoldenCase("You know, I never liked him.", "You know, I never liked him.", "I never liked him."),
    GoldenCase(
      "The plan is, you know, pretty simple.", "The plan is, you know, pretty simple.", "The plan is pretty simple."),
    GoldenCase("[music] Welcome back everyone.", "[music] Welcome back everyone.", "Welcome back everyone."),
    GoldenCase("(laughs) That was funny.", "(laughs) That was funny.", "That was funny."),
    GoldenCase("Thanks [inaudible] for coming.", "Thanks [inaudible] for coming.", "Thanks for coming."),
    GoldenCase(
      "meet me at the cafe no wait at the library", "meet me at the cafe no wait at the library",
      "Meet me at the library."),
    GoldenCase("send it to Mike sorry I mean Michael", "send it to Mike sorry I mean Michael", "Send it to Michael."),
    GoldenCase(
      "the budget is five hundred no wait six hundred dollars",
      "the budget is five hundred no wait six hundred dollars", "The budget is $600."),
    GoldenCase(
      "book a table for four no make that six", "book a table for four no make that six", "Book a table for six."),
    GoldenCase(
      "I'll call you tomorrow, actually, Friday.", "I'll call you tomorrow, actually, Friday.", "I'll call you Friday."),
    GoldenCase(
      "The file is on the desktop, sorry, in downloads.", "The file is on the desktop, sorry, in downloads.",
      "The file is in downloads."),
    GoldenCase("let's do Monday or rather Tuesday", "let's do Monday or rather Tuesday", "Let's do Tuesday."),
    GoldenCase("we need two no no three chairs", "we need two no no three chairs", "We need three chairs."),
    GoldenCase(
      "I'll bring chips scratch that I'll bring salsa", "I'll bring chips scratch that I'll bring salsa",
      "I'll bring salsa."),
    GoldenCase("Buy eggs. Scratch that. Buy milk.", "Buy eggs. Scratch that. Buy milk.", "Buy milk."),
    GoldenCase(
      "Let's meet at the office. Never mind. Let's meet online.",
      "Let's meet at the office. Never mind. Let's meet online.", "Let's meet online."),
    GoldenCase("take the train forget that take the bus", "take the train forget that take the bus", "Take the bus."),
    GoldenCase("the color is red no wait green", "the color is red no wait green", "The color is green."),
    GoldenCase("I was born in March no wait April", "I was born in March no wait April", "I was born in April."),
    GoldenCase(
      "it costs twenty dollars no wait thirty dollars", "it costs twenty dollars no wait thirty dollars",
      "It costs $30."),
    GoldenCase(
      "Dear John comma new line thanks for the update period", "Dear John comma new line thanks for the update period",
      "Dear John,\nThanks for the update."),
    GoldenCase("what time is it question mark", "what time is it question mark", "What time is it?"),
    GoldenCase("that's amazing exclamation point", "that's amazing exclamation point", "That's amazing!"),
    GoldenCase("note colon buy milk", "note colon buy milk", "Note: buy milk."),
    GoldenCase("first semicolon second", "first semicolon second", "First; second."),
    GoldenCase("well dot dot dot maybe", "well dot dot dot maybe", "Well... maybe."),
    GoldenCase("it was quote amazing unquote", "it was quote amazing unquote", "It was \"amazing\"."),
    GoldenCase(
      "the results open paren see table two close paren are good",
      "the results open paren see table two close paren are good", "The results (see table two) are good."),
    GoldenCase("new paragraph okay let's start", "new paragraph okay let's start", "\n\nOkay let's start."),
    GoldenCase(
      "email me at sarah dot lee at example dot com", "email me at sarah dot lee at example dot com",
      "Email me at sarah.lee@example.com"),
    GoldenCase("visit www dot example dot com", "visit www dot example dot com", "Visit www.example.com"),
    GoldenCase(
      "go to https colon slash slash utter dot app slash docs",
      "go to https colon slash slash utter dot app slash docs", "Go to https://utter.app/docs"),
    GoldenCase("run git status dash dash short", "run git status dash dash short", "Run git status --short"),
    GoldenCase("use snake underscore case", "use snake underscore case", "Use snake_case."),
    GoldenCase(
      "the file is report underscore final dot pdf", "the file is report underscore final dot pdf",
      "The file is report_final.pdf."),
    GoldenCase("it is a well hyphen known fact", "it is a well hyphen known fact", "It is a well-known fact."),
    GoldenCase("twenty five", "twenty five", "25."),
    GoldenCase("one hundred and one dalmatians", "one hundred and one dalmatians", "101 dalmatians."),
    GoldenCase("three thousand two hundred", "three thousand two hundred", "3200."),
    GoldenCase(
      "the price is nineteen dollars and ninety nine cents", "the price is nineteen dollars and ninety nine cents",
      "The price is $19.99."),
    GoldenCase("it went up fifteen percent", "it went up fifteen percent", "It went up 15%."),
    GoldenCase("pi is three point one four", "pi is three point one four", "Pi is 3.14."),
    GoldenCase("the meeting is at three p m", "the meeting is at three p m", "The meeting is at 3 PM."),
    GoldenCase("let's meet at nine thirty a m", "let's meet at nine thirty a m", "Let's meet at 9:30 AM."),
    GoldenCase("the deadline is april fifteenth", "the deadline is april fifteenth", "The deadline is April 15."),
    GoldenCase(
      "she was born on june first nineteen ninety", "she was born on june first nineteen ninety",
      "She was born on June 1, 1990."),
    GoldenCase(
      "the year twenty twenty four was busy", "the year twenty twenty four was busy", "The year 2024 was busy."),
    GoldenCase(
      "call me at five five five eight six seven five three zero nine",
      "call me at five five five eight six seven five three zero nine", "Call me at 555-867-5309."),
    GoldenCase("he finished twenty first", "he finished twenty first", "He finished 21st."),
    GoldenCase("we have fifteen minutes", "we have fifteen minutes", "We have 15 minutes."),
    GoldenCase("I drove two hundred miles", "I drove two hundred miles", "I drove 200 miles."),
    GoldenCase("that's a five to ten minute walk", "that's a five to ten minute walk", "That's a 5–10 minute walk."),
    GoldenCase("it takes twenty to thirty minutes", "it takes twenty to thirty minutes", "It takes 20–30 minutes."),
    GoldenCase("from ten to twelve people", "from ten to twelve people", "From 10 to 12 people."),
    GoldenCase("between five and ten dollars", "between five and ten dollars", "Between $5 and $10."),
    GoldenCase("the file is two point five g b", "the file is two point five g b", "The file is 2.5 GB."),
    GoldenCase("it's thirty degrees celsius", "it's thirty degrees celsius", "It's 30°C."),
    GoldenCase("he's six foot two", "he's six foot two", "He's 6'2\"."),
    GoldenCase("a hundred people came", "a hundred people came", "A hundred people came."),
    GoldenCase("one of them left early", "one of them left early", "One of them left early."),
    GoldenCase("it weighs seventy kilograms", "it weighs seventy kilograms", "It weighs 70 kilograms."),
    GoldenCase("I ran five k this morning", "I ran five k this morning", "I ran 5K this morning."),
    GoldenCase("about twenty thousand users", "about twenty thousand users", "About 20,000 users."),
    GoldenCase(
      "So, uh, we need to, um, fix the the login page.", "So, uh, we need to, um, fix the the login page.",
      "So we need to fix the login page."),
    GoldenCase(
      "Call Sam at two thirty no wait three thirty p m", "Call Sam at two thirty no wait three thirty p m",
      "Call Sam at 3:30 PM."),
    GoldenCase(
      "bullet point eggs bullet point milk bullet point bread",
      "bullet point eggs bullet point milk bullet point bread", "- Eggs\n- Milk\n- Bread"),
    GoldenCase(
      "number one wake up number two brush teeth", "number one wake up number two brush teeth",
      "1. Wake up\n2. Brush teeth"),
    GoldenCase(
      "Hi team comma new paragraph the build is fixed period thanks",
      "Hi team comma new paragraph the build is fixed period thanks", "Hi team,\n\nThe build is fixed. Thanks."),
    GoldenCase("is the meeting at ten question mark", "is the meeting at ten question mark", "Is the meeting at 10?"),
    GoldenCase("It's, uh, twenty five dollars.", "It's, uh, twenty five dollars.", "It's $25."),
    GoldenCase(
      "ok so basically the the server crashed", "ok so basically the the server crashed", "Ok so the server crashed."),
    GoldenCase("I need, uh, three, no, four copies.", "I need, uh, three, no, four copies.", "I need four copies."),
    GoldenCase("What's the, um, the password?", "What's the, um, the password?", "What's the password?"),
    GoldenCase("And and then we left.", "And and then we left.", "And then we left."),
    GoldenCase("Uh-huh, I'll do it.", "Uh-huh, I'll do it.", "Uh-huh, I'll do it."),
    GoldenCase("Yeah yeah, I know.", "Yeah yeah, I know.", "Yeah yeah, I know."),
    GoldenCase("the the the end", "the the the end", "The end."),
    GoldenCase("the total is forty two dollars", "the total is forty two dollars", "The total is $42."),
    GoldenCase("the code is one two three four", "the code is one two three four", "The code is one two three four."),
    GoldenCase("we need at least ten people", "we need at least ten people", "We need at least 10 people."),
    GoldenCase("seven people signed up", "seven people signed up", "Seven people signed up."),
    GoldenCase(
      "the score was twenty one to fourteen", "the score was twenty one to fourteen",
      "The score was twenty one to fourteen."),
    GoldenCase("I'll be there by ten fifteen", "I'll be there by ten fifteen", "I'll be there by 10:15."),
    GoldenCase("wake me at six a m tomorrow", "wake me at six a m tomorrow", "Wake me at 6 AM tomorrow."),
    GoldenCase(
      "the party is on december thirty first", "the party is on december thirty first", "The party is on December 31."),
    GoldenCase("it was nineteen eighty four", "it was nineteen eighty four", "It was 1984."),
    GoldenCase("we grew by two point five percent", "we grew by two point five percent", "We grew by 2.5%."),
    GoldenCase("She scored ninety nine points.", "She scored ninety nine points.", "She scored 99 points."),
    GoldenCase(
      "The temperature is minus five degrees celsius.", "The temperature is minus five degrees celsius.",
      "The temperature is -5°C."),
    GoldenCase(
      "Send it to John. Scratch that. Send it to Mary.", "Send it to John. Scratch that. Send it to Mary.",
      "Send it to Mary."),
    GoldenCase(
      "I'd like the blue one, no wait, the red one.", "I'd like the blue one, no wait, the red one.",
      "I'd like the red one."),
    GoldenCase("put it on Tuesday, sorry, Wednesday", "put it on Tuesday, sorry, Wednesday", "Put it on Wednesday."),
    GoldenCase("it's three, no, four o'clock", "it's three, no, four o'clock", "It's 4 o'clock."),
    GoldenCase("I need to dash to the store.", "I need to dash to the store.", "I need to dash to the store."),
    GoldenCase(
      "I have to make a quick dash to the bank, B.", "I have to make a quick dash to the bank, B.",
      "I have to make a quick dash to the bank, B."),
    GoldenCase("The ratio is one to ten.", "The ratio is one to ten.", "The ratio is one to ten."),
    GoldenCase(
      "I have ten to twenty minutes free.", "I have ten to twenty minutes free.", "I have 10–20 minutes free."),
    GoldenCase(
      "We'll go from there to the park.", "We'll go from there to the park.", "We'll go from there to the park."),
    GoldenCase(
      "The kids are aged five to twelve.", "The kids are aged five to twelve.", "The kids are aged five to twelve."),
    GoldenCase("Bring a number two pencil.", "Bring a number two pencil.", "Bring a number two pencil."),
    GoldenCase(
      "Item one on the list is the budget, item two is hiring.",
      "Item one on the list is the budget, item two is hiring.",
      "Item one on the list is the budget, item two is hiring."),
    GoldenCase(
      "Number one, we need more staff. Number two, we need a bigger office.",
      "Number one, we need more staff. Number two, we need a bigger office.",
      "Number one, we need more staff. Number two, we need a bigger office."),
    GoldenCase("It's plan A dash B.", "It's plan A dash B.", "It's plan A dash B."),
    GoldenCase(
      "Type slash help to see the commands.", "Type slash help to see the commands.", "Type /help to see the commands."),
    GoldenCase("The at sign is on the two key.", "The at sign is on the two key.", "The at sign is on the two key."),
    GoldenCase("I'll be there at sign in time.", "I'll be there at sign in time.", "I'll be there at sign in time."),
    GoldenCase("He's at ten percent battery.", "He's at ten percent battery.", "He's at 10% battery."),
    GoldenCase(
      "The movie was two and a half hours long.", "The movie was two and a half hours long.",
      "The movie was two and a half hours long."),
    GoldenCase("I walked one to two miles.", "I walked one to two miles.", "I walked one to two miles."),
    GoldenCase("Call me between two and three.", "Call me between two and three.", "Call me between two and three."),
    GoldenCase("It's between ten and eleven.", "It's between ten and eleven.", "It's between 10 and 11."),
    GoldenCase("We met from ten to eleven.", "We met from ten to eleven.", "We met from 10 to 11."),
    GoldenCase("It ended one to nothing.", "It ended one to nothing.", "It ended one to nothing."),
    GoldenCase(
      "That's one to one in the series.", "That's one to one in the series.", "That's one to one in the series."),
    GoldenCase("Seven out of ten people agree.", "Seven out of ten people agree.", "Seven out of 10 people agree."),
    GoldenCase(
      "Page ten through twelve are missing.", "Page ten through twelve are missing.", "Page 10–12 are missing."),
    GoldenCase("I'm five foot six.", "I'm five foot six.", "I'm 5'6\"."),
    GoldenCase(
      "He's six feet tall and very strong.", "He's six feet tall and very strong.",
      "He's six feet tall and very strong."),
    GoldenCase("It's ten k to enter.", "It's ten k to enter.", "It's 10K to enter."),
    GoldenCase("We raised fifty k last year.", "We raised fifty k last year.", "We raised 50K last year."),
    GoldenCase("Chapter twelve is the best.", "Chapter twelve is the best.", "Chapter 12 is the best."),
    GoldenCase("Room two twelve is on the left.", "Room two twelve is on the left.", "Room two twelve is on the left."),
    GoldenCase("I got a B minus on the test.", "I got a B minus on the test.", "I got a B minus on the test."),
    GoldenCase("It was minus ten outside.", "It was minus ten outside.", "It was minus 10 outside."),
    GoldenCase("We have twenty four hours.", "We have twenty four hours.", "We have 24 hours."),
    GoldenCase(
      "Let's do twenty twenty five planning.", "Let's do twenty twenty five planning.", "Let's do 2025 planning."),
    GoldenCase(
      "Apollo eleven landed in nineteen sixty nine.", "Apollo eleven landed in nineteen sixty nine.",
      "Apollo 11 landed in 1969."),
    GoldenCase(
      "The first bullet point is the most important.", "The first bullet point is the most important.",
      "The first bullet point is the most important."),
    GoldenCase("Add this as a bullet point.", "Add this as a bullet point.", "Add this as a bullet point."),
  ]
}
